import { ButtonLink } from "@/components/ui/button";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Messages } from "@/lib/i18n/messages";

/**
 * A live payment that did not go through at the customer's bank (refused there, rejected by the
 * initiator, or the bank could not be reached): what happened, the bank's reason when it gave
 * one, and the ways on: another bank (or the shop's bank again), Pix, or giving up, the only one
 * that leads back to the shop.
 */
export function BankFailure(props: {
  t: Messages;
  title: string;
  text: string;
  reason: string | null;
  /** Where another bank is chosen, or null. */
  chooseBank: string | null;
  /** The shop's bank tried again: where it posts and the bank's name, or null. */
  retry: { action: string; bankName: string } | null;
  /** Where "Pagar com Pix" posts, when the method is the customer's. */
  toPix: string | null;
  /** The shop's page for a payment not made, when it sent one. */
  giveUp: string | null;
}) {
  const { t } = props;
  const words = t.liveBank;
  return (
    <Card aria-labelledby="bank-failure-title">
      <h1 id="bank-failure-title" className="text-2xl font-bold">
        {props.title}
      </h1>
      <p className="mt-2 text-stone-800 dark:text-stone-200">{props.text}</p>
      {props.reason && (
        <p
          className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          data-testid="bank-reason"
        >
          <span className="font-semibold">{words.reason}:</span> {props.reason}
        </p>
      )}
      <div className="mt-5 space-y-3">
        {props.chooseBank && <ButtonLink href={props.chooseBank}>{words.chooseAnother}</ButtonLink>}
        {props.retry && (
          <form action={props.retry.action} method="post" data-once="">
            <Button type="submit" data-pending-label={t.sending}>
              {words.retryAt} {props.retry.bankName}
            </Button>
          </form>
        )}
        {props.toPix && (
          <form action={props.toPix} method="post" data-once="">
            <Button type="submit" variant="secondary" data-pending-label={t.sending}>
              {words.payByPix}
            </Button>
          </form>
        )}
      </div>
      {props.giveUp && (
        <a href={props.giveUp} className="mt-5 inline-block py-2 underline">
          {words.giveUp}
        </a>
      )}
    </Card>
  );
}
