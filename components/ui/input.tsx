import type { ComponentProps } from "react";

// 18 px text (iPhones zoom into anything under 16 px); the invalid state is styled from
// aria-invalid alone, so what screen readers hear and what is seen cannot disagree.
export const inputClass =
  "block w-full rounded-xl border-2 border-stone-500 bg-white px-4 py-3 text-lg text-stone-900 aria-invalid:border-red-700 dark:border-stone-400 dark:bg-stone-900 dark:text-stone-50 dark:aria-invalid:border-red-400";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input {...props} className={`${inputClass} ${className ?? ""}`} />;
}
