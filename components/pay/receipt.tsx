import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import type { Messages } from "@/lib/i18n/messages";

const RETURN_SECONDS = 10;

/** A paid payment's receipt, as the page writes it: each value already in the customer's words. */
export type ReceiptFields = {
  amount: string;
  merchantName: string;
  method: string;
  reference: string;
  /** The Pix's end-to-end id, when the provider gave one. */
  endToEndId: string | null;
  /** The date and time, in Brasília time and saying so. */
  paidAt: string;
  transactionId: string;
};

/**
 * After payment, a receipt worth keeping: what was paid, to whom, how, for which order, when and
 * under which ids; "Salvar comprovante" prints or saves it (the print hides every button and link);
 * then the way back to the shop, counted down only right after paying (`countdown`) and only until
 * the customer does anything on the page ("Ficar nesta página" says so).
 */
export function Receipt(props: {
  t: Messages;
  receipt: ReceiptFields;
  returnUrl: string | null;
  countdown: boolean;
  /** Once money went back to the payer: the title and the line that say so. */
  refund?: { title: string; text: string };
}) {
  const { t, receipt, returnUrl, refund } = props;
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
        {receipt.amount}
      </p>
      {refund && (
        <p className="mt-2 text-center font-semibold" data-testid="receipt-refund">
          {refund.text}
        </p>
      )}
      <dl className="mt-5 space-y-3">
        <ReadOnlyField label={t.paidTo} value={receipt.merchantName} testId="receipt-merchant" />
        <ReadOnlyField label={t.paymentMethodLabel} value={receipt.method} testId="receipt-method" />
        <ReadOnlyField label={t.fieldNames.reference} value={receipt.reference} testId="receipt-reference" />
        <ReadOnlyField label={t.paidAt} value={receipt.paidAt} testId="receipt-paid-at" />
        {receipt.endToEndId && (
          <ReadOnlyField
            label={t.endToEndId}
            value={<code className="break-all">{receipt.endToEndId}</code>}
            testId="receipt-end-to-end-id"
          />
        )}
        <ReadOnlyField
          label={t.transactionId}
          value={<code className="break-all">{receipt.transactionId}</code>}
          testId="receipt-transaction-id"
        />
      </dl>
      {returnUrl && (
        <ButtonLink href={returnUrl} className="mt-6">
          {t.backToShop}
        </ButtonLink>
      )}
      {returnUrl && props.countdown && (
        // A visible countdown back to the shop, shown by the script that counts it (hosted-client.ts),
        // which stops it at the customer's first click, key, touch or focus (WCAG 2.2.1).
        <div
          className="mt-3 space-y-3 text-center text-stone-700 dark:text-stone-300"
          data-return-url={returnUrl}
          data-seconds={RETURN_SECONDS}
          hidden
        >
          <p data-testid="return-countdown" data-stopped={t.countdownStopped} tabIndex={-1}>
            {t.returningIn}{" "}
            <span className="tabular-nums" data-seconds-left="">
              {RETURN_SECONDS}
            </span>{" "}
            {t.seconds}
          </p>
          <Button variant="secondary" data-stay="">
            {t.stayOnPage}
          </Button>
        </div>
      )}
      {/* Shown by the script that prints (hosted-client.ts): without it, the browser's own menu prints. */}
      <Button variant="secondary" className="mt-3" data-print="" hidden>
        {t.saveReceipt}
      </Button>
    </Card>
  );
}
