import type { ComponentProps } from "react";
import { inputClass } from "./input";

/** Several lines of text, styled as Input. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea {...props} className={`${inputClass} ${className ?? ""}`} />;
}
