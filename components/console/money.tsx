import { type Locale, formatBrl } from "@/lib/i18n/messages";

/**
 * An amount in the console, money leaving (a payout, a refund, a debit) written with a minus sign
 * and in red, so a list read at a glance tells what came in from what went out; `signed` adds the
 * plus of money coming in (the ledger's changes). The sign is text, not only colour.
 */
export function Money(props: { cents: bigint; locale: Locale; isOutgoing?: boolean; signed?: boolean }) {
  const isOutgoing = props.isOutgoing ?? props.cents < 0n;
  const magnitude = formatBrl(props.cents < 0n ? -props.cents : props.cents, props.locale);
  if (isOutgoing)
    return (
      <span className="text-red-800 dark:text-red-300" data-direction="out">
        {`\u2212${magnitude}`}
      </span>
    );
  return <span data-direction="in">{props.signed ? `+${magnitude}` : magnitude}</span>;
}
