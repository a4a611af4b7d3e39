import { Button, ButtonLink } from "@/components/ui/button";
import type { Locale, Messages } from "@/lib/i18n/messages";
import type { BankFailureReason } from "@/lib/initiations/find-bank-progress";
import { FailureCard } from "./failure";

/**
 * A bank payment that did not go through ("Pagamento não concluído": declined at the bank,
 * rejected by the initiator, or the bank could not be reached), in the one failure template: what
 * happened, the bank's reason when it gave one, and the ways on: another bank (or the shop's bank
 * again), Pix, or back to the shop, which cancels nothing.
 */
export function BankFailure(props: {
  locale: Locale;
  t: Messages;
  title: string;
  text: string;
  /** Why, when the bank or the initiator said: in the customer's words, its own behind the detail. */
  reason: BankFailureReason | null;
  /** Where another bank is chosen, or null. */
  chooseBank: string | null;
  /** The shop's bank tried again: where it posts and the bank's name, or null. */
  retry: { action: string; bankName: string } | null;
  /** Where "Pagar com Pix" posts, when the method is the customer's. */
  toPix: string | null;
  /** The shop's page for a payment not made, when it sent one. */
  returnUrl: string | null;
}) {
  const { t } = props;
  const words = t.liveBank;
  const failure = {
    title: props.title,
    text: props.text,
    problems: [],
    returnUrl: props.returnUrl,
    code: null,
    detail: null,
  };
  return (
    <FailureCard locale={props.locale} t={t} failure={failure}>
      {props.reason && (
        <div
          className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          data-testid="bank-reason"
        >
          <span className="font-semibold">{words.reason}:</span>{" "}
          {props.reason.code ? words.reasons[props.reason.code] : words.reasonUnknown}
          {props.reason.detail && (
            <details className="mt-1 text-sm">
              <summary className="cursor-pointer">{t.technicalDetail}</summary>
              {/* The initiator's own words, in whatever language it wrote them. */}
              <span className="wrap-anywhere">{props.reason.detail}</span>
            </details>
          )}
        </div>
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
    </FailureCard>
  );
}
