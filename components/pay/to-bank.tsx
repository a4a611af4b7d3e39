import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type Messages, fillText } from "@/lib/i18n/messages";

/**
 * The hand-over to the customer's bank (banco/abrir): the page leaves at once for the bank's
 * address by a refresh of no delay, a navigation of its own and not the form's (Chromium checks a
 * form's whole redirect chain against the form page's CSP form-action, which names the gateway and
 * the shop only), with the same address as a link for a browser that does not follow it.
 */
export function ToBank(props: { t: Messages; bankName: string; bankUrl: string; amount: string }) {
  const words = props.t.liveBank;
  return (
    <Card aria-labelledby="to-bank-title">
      {/* React puts it in the document's head. */}
      <meta httpEquiv="refresh" content={`0;url=${props.bankUrl}`} />
      <h1 id="to-bank-title" className="text-xl font-bold">
        {words.opening}
      </h1>
      <p className="mt-2 text-stone-800 dark:text-stone-200">
        {fillText(words.openingText, { amount: props.amount, bank: props.bankName })}
      </p>
      <ButtonLink href={props.bankUrl} className="mt-5" data-testid="to-bank">
        {words.continueAt} {props.bankName}
      </ButtonLink>
    </Card>
  );
}
