import type { BankMethod } from "@/lib/banks/bank-directory";
import { BankLogo } from "./bank-logo";

/** Up to two initials of a bank's name ("Banco Inter" → "BI", "Itaú Unibanco" → "IU"). */
export function initialsOf(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join("");
}

/**
 * A participant bank's mark: the interface's five banks drawn in their colours (bank-logo); any
 * other bank its initials on a neutral tile. The initiator's own logo addresses are never
 * fetched: no third-party image reaches the customer's page. Decorative: the name is beside it.
 */
export function ParticipantMark(props: { method: BankMethod | null; name: string }) {
  if (props.method) return <BankLogo method={props.method} />;
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-stone-200 font-bold text-stone-900 dark:bg-stone-700 dark:text-stone-50"
    >
      {initialsOf(props.name)}
    </span>
  );
}
