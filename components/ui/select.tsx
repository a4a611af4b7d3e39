import type { ComponentProps } from "react";
import { inputClass } from "./input";

/** A native select, styled as Input: the phone's own picker, and a keyboard's, for free. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select {...props} className={`${inputClass} ${className ?? ""}`} />;
}
