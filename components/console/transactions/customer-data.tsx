"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import type { TransactionsMessages } from "@/lib/i18n/console-transactions";
import type { RevealedCustomer } from "@/lib/console-transactions/reveal-transaction-customer";

export type RevealState =
  { status: "masked" } | { status: "revealed"; customer: RevealedCustomer } | { status: "refused"; code: string };

/**
 * The customer (and a payout's destination) as masked by the domain; an operator's "mostrar"
 * replaces the values with what the audited action returned. Nothing in clear reaches the browser
 * before that.
 */
export function CustomerData(props: {
  t: TransactionsMessages;
  rows: { key: keyof RevealedCustomer; label: string; masked: string }[];
  reveal: ((state: RevealState, form: FormData) => Promise<RevealState>) | null;
}) {
  const { t } = props;
  const [state, formAction, isPending] = useActionState(props.reveal ?? (async (current: RevealState) => current), {
    status: "masked",
  });
  const revealed = state.status === "revealed" ? state.customer : null;
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="customer-data" data-revealed={revealed !== null}>
        {props.rows.map((row) => (
          <div key={row.key} className="min-w-0">
            <dt className="text-sm text-stone-700 dark:text-stone-300">{row.label}</dt>
            <dd className="font-semibold wrap-anywhere">{(revealed ? revealed[row.key] : row.masked) || "—"}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-700 dark:text-stone-300" role="status">
        {revealed
          ? t.revealed
          : state.status === "refused"
            ? `${t.revealFailed} ${t.refusals[state.code] ?? state.code}`
            : t.maskedNote}
      </p>
      {props.reveal && !revealed && (
        <form action={formAction} className="space-y-1">
          <Button
            type="submit"
            variant="secondary"
            size="compact"
            disabled={isPending}
            aria-busy={isPending}
            aria-describedby="reveal-note"
          >
            {t.reveal}
          </Button>
          <p id="reveal-note" className="text-sm text-stone-700 dark:text-stone-300">
            {t.revealNote}
          </p>
        </form>
      )}
    </div>
  );
}
