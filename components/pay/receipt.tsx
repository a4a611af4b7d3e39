import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import type { Messages } from "@/lib/i18n/messages";

const RETURN_SECONDS = 10;

/** After payment: what was paid, to whom, when, under which id, and the way back to the shop. */
export function Receipt(props: {
  t: Messages;
  amount: string;
  merchantName: string;
  paidAt: string;
  transactionId: string;
  returnUrl: string | null;
  /** Once money went back to the payer: the title and the line that say so. */
  refund?: { title: string; text: string };
}) {
  const { t, refund } = props;
  return (
    <Card aria-labelledby="receipt-title">
      <p
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
      >
        {refund ? "↩" : "✓"}
      </p>
      <h1 id="receipt-title" className="mt-3 text-center text-2xl font-bold">
        {refund?.title ?? t.receiptTitle}
      </h1>
      <p className="mt-1 text-center text-3xl font-bold tracking-tight" data-testid="receipt-amount">
        {props.amount}
      </p>
      {refund && (
        <p className="mt-2 text-center font-semibold" data-testid="receipt-refund">
          {refund.text}
        </p>
      )}
      <dl className="mt-5 space-y-3">
        <ReadOnlyField label={t.paidTo} value={props.merchantName} />
        <ReadOnlyField label={t.paidAt} value={props.paidAt} />
        <ReadOnlyField label={t.transactionId} value={<code className="break-all">{props.transactionId}</code>} />
      </dl>
      {props.returnUrl && (
        <>
          <ButtonLink href={props.returnUrl} className="mt-6">
            {t.backToShop}
          </ButtonLink>
          {/* A visible countdown back to the shop, shown by the script that counts it (hosted-client.ts). */}
          <p
            className="mt-3 text-center text-stone-700 dark:text-stone-300"
            data-testid="return-countdown"
            data-return-url={props.returnUrl}
            data-seconds={RETURN_SECONDS}
            hidden
          >
            {t.returningIn}{" "}
            <span className="tabular-nums" data-seconds-left="">
              {RETURN_SECONDS}
            </span>{" "}
            {t.seconds}
          </p>
        </>
      )}
    </Card>
  );
}
