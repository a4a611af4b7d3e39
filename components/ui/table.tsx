import type { ComponentProps } from "react";

// Below 640 px each row is a card: the rows become grids, which makes their cells blocks (a
// hidden cell stays hidden), the header is kept for screen readers only, and each cell shows its
// column's name (Td's label) above its value. Wider, a table that scrolls in its own box.
const cards =
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only max-sm:[&_tr]:grid max-sm:[&_tr]:gap-1 max-sm:[&_tr]:border-b max-sm:[&_tr]:border-stone-300 max-sm:[&_tr]:px-2 max-sm:[&_tr]:py-3 max-sm:[&_tr:last-child]:border-0 max-sm:[&_td]:border-0 max-sm:[&_td]:py-0 max-sm:[&_td]:text-left dark:max-sm:[&_tr]:border-stone-700";

/**
 * A data table: cards on a phone, a table that scrolls sideways inside its own box above, so a
 * narrow screen never scrolls the page. The caption names it for screen readers (visible or not,
 * the caller's choice).
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
      <table {...props} className={`w-full border-collapse text-left text-sm ${cards} ${className ?? ""}`}>
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

/** A cell; `label`, its column's name, is shown above the value when the row is a card. */
export function Td({ className, label, children, ...props }: ComponentProps<"td"> & { label?: string }) {
  return (
    <td
      {...props}
      className={`border-b border-stone-200 px-2 py-2 align-top sm:px-3 dark:border-stone-800 ${className ?? ""}`}
    >
      {label && (
        // The header cell already names the column for screen readers.
        <span
          aria-hidden="true"
          className="block font-sans text-xs font-semibold text-stone-700 sm:hidden dark:text-stone-300"
        >
          {label}
        </span>
      )}
      {children}
    </td>
  );
}
