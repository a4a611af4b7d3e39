import type { ComponentProps } from "react";

/**
 * A data table that scrolls sideways inside its own box, so a narrow screen scrolls the table and
 * never the page. The caption names it for screen readers (visible or not, the caller's choice).
 */
export function Table({
  caption,
  isCaptionVisible,
  className,
  children,
  ...props
}: ComponentProps<"table"> & { caption: string; isCaptionVisible?: boolean }) {
  return (
    // Focusable and named, so a keyboard can scroll it too (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900"
    >
      <table {...props} className={`w-full border-collapse text-left text-sm ${className ?? ""}`}>
        <caption className={isCaptionVisible ? "px-4 pt-3 text-left font-semibold" : "sr-only"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      {...props}
      className={`border-b border-stone-300 bg-stone-100 px-2 py-2 font-semibold sm:px-3 whitespace-nowrap text-stone-800 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100 ${className ?? ""}`}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return (
    <td
      {...props}
      className={`border-b border-stone-200 px-2 py-2 align-top sm:px-3 dark:border-stone-800 ${className ?? ""}`}
    />
  );
}
