import type { ComponentProps } from "react";

type Tone = "error" | "warning" | "success" | "info";

const tones: Record<Tone, string> = {
  error: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  warning: "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  success: "bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100",
  info: "bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-50",
};

/** A message block; role="alert" is the caller's choice (only for what must interrupt). */
export function Alert({ tone, className, ...props }: ComponentProps<"div"> & { tone: Tone }) {
  return <div {...props} className={`rounded-xl px-4 py-3 font-medium ${tones[tone]} ${className ?? ""}`} />;
}
