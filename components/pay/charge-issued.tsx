import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import type { Messages } from "@/lib/i18n/messages";

/**
 * A customer back on a step whose choices a Pix charge has fixed (by the browser's back, or a
 * link): what is fixed and why, in their words, and the way to the code, instead of a form that
 * would not take another amount.
 */
export function ChargeIssued(props: {
  t: Messages;
  amount: string;
  /** Where "Ver o código Pix" posts (the Pix step). */ toPix: string;
}) {
  const { t } = props;
  return (
    <Card aria-labelledby="charge-issued-title">
      <h1 id="charge-issued-title" className="text-xl font-bold">
        {t.chargeIssuedTitle}
      </h1>
      <dl className="mt-4 grid gap-3">
        <ReadOnlyField label={t.amount} value={props.amount} testId="fixed-amount" />
        <ReadOnlyField label={t.paymentMethodLabel} value={t.pix} />
      </dl>
      <p className="mt-4 text-stone-800 dark:text-stone-200" data-testid="charge-issued">
        {t.chargeIssuedText}
      </p>
      <form action={props.toPix} method="post" className="mt-5" data-once="">
        <Button type="submit" data-pending-label={t.sending}>
          {t.goToPix}
        </Button>
      </form>
    </Card>
  );
}
