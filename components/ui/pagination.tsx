import { buttonClass } from "./button";

/**
 * Previous and next links of a list read page by page. A side with no page is shown greyed and is
 * not a link, so keyboard and screen-reader users meet only what works.
 */
export function Pagination(props: {
  label: string;
  previous: { label: string; href: string | null };
  next: { label: string; href: string | null };
}) {
  const item = (side: { label: string; href: string | null }, rel: "prev" | "next") =>
    side.href ? (
      <a href={side.href} rel={rel} className={buttonClass("secondary", "compact")}>
        {side.label}
      </a>
    ) : (
      <span
        aria-disabled="true"
        className="inline-flex min-h-11 items-center rounded-xl border-2 border-stone-300 px-4 text-stone-600 dark:border-stone-700 dark:text-stone-400"
      >
        {side.label}
      </span>
    );
  return (
    <nav aria-label={props.label} className="flex justify-between gap-3">
      {item(props.previous, "prev")}
      {item(props.next, "next")}
    </nav>
  );
}
