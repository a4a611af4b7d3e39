import type { ComponentProps } from "react";

const cardClass = "rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section {...props} className={`${cardClass} ${className ?? ""}`} />;
}
