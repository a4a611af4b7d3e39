import type { ComponentProps } from "react";

export type BadgeTone = "success" | "warning" | "error" | "neutral";

// Text and background pairs above 4.5:1 in both schemes.
const tones: Record<BadgeTone, string> = {
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  warning: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  error: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  neutral: "bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50",
};

/** A short state word (paid, pending, failed) in a colour that repeats it, never replaces it. */
export function Badge({ tone, className, ...props }: ComponentProps<"span"> & { tone: BadgeTone }) {
  return (
    <span
      {...props}
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tones[tone]} ${className ?? ""}`}
    />
  );
}
