import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import type { Bank } from "@/lib/banks/bank-directory";
import type { Messages } from "@/lib/i18n/messages";
import { BankLogo } from "./bank-logo";
import { ConsentForm } from "./consent-form";
import { PixOffer } from "./pix-offer";

/** The sandbox bank's consent: who pays whom, how much, from which bank, and the decision. */
export function BankConsent(props: {
  t: Messages;
  bank: Bank;
  payer: string;
  /** Masked. */
  cpf: string;
  receiver: string;
  amount: string;
  /** Where the decision posts; null when the sandbox bank may not settle this payment. */
  action: string | null;
  /** Where "Outro banco? Pague com Pix" posts, when the method is the customer's. */
  toPix: string | null;
  /** Where the customer changes the bank, when it is theirs to change. */
  changeBank: string | null;
}) {
  const { t, bank } = props;
  const rows = [
    [t.payer, props.payer],
    [t.cpf, props.cpf],
    [t.receiver, props.receiver],
    [t.amount, props.amount],
    [t.bank, `${bank.name} (${bank.code})`],
  ];
  return (
    <Card aria-labelledby="consent-title">
      <div className="flex items-center gap-3">
        <BankLogo method={bank.method} />
        <h1 id="consent-title" className="text-xl font-bold">
          {t.consentTitle}
        </h1>
      </div>
      <p className="mt-2 text-stone-800 dark:text-stone-200">{t.consentIntro}</p>
      <dl className="mt-4 space-y-3">
        {rows.map(([term, value]) => (
          <ReadOnlyField key={term} label={term} value={value} />
        ))}
      </dl>
      {props.action === null ? (
        <Alert tone="warning" role="alert" className="mt-5">
          {t.sandboxOnly}
        </Alert>
      ) : (
        <ConsentForm t={t} action={props.action} />
      )}
      {props.toPix !== null && <PixOffer t={t} action={props.toPix} />}
      {props.changeBank !== null && (
        <a href={props.changeBank} className="mt-4 inline-block py-2 underline">
          {t.changeBank}
        </a>
      )}
    </Card>
  );
}
