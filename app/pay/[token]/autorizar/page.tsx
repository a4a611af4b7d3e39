import { redirect } from "next/navigation";
import { BankLogo } from "@/components/pay/bank-logo";
import { ConsentForm } from "@/components/pay/consent-form";
import { PaymentShell } from "@/components/pay/payment-shell";
import { PixOffer } from "@/components/pay/pix-offer";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { ReadOnlyField } from "@/components/ui/field";
import { findBank } from "@/lib/banks/bank-directory";
import { isChargeIssued } from "@/lib/deposits/choose-checkout-payment";
import { isBankMethod } from "@/lib/deposits/decide-initiated-payment";
import { canSwitchToPix } from "@/lib/deposits/switch-to-pix";
import { maskCpf } from "@/lib/deposits/mask-customer";
import { decidePayment, payByPix } from "../actions";
import { type PageProps, loadPaymentPage, paymentMetadata } from "../page-context";

export const generateMetadata = paymentMetadata;

// /pay/{token}/autorizar?banco=… - step 3: the sandbox bank asks the customer's consent
export default async function ConsentPage(props: PageProps) {
  const { token, query, payment, locale, t, amount, withLang, shop } = await loadPaymentPage(props);
  // A Pix charge issued meanwhile pays this order: step 1 says so.
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0 || payment.deposit.amountEditable || isChargeIssued(payment.deposit)) {
    redirect(withLang(`/pay/${token}`));
  }
  if (!isBankMethod(query.banco)) redirect(withLang(`/pay/${token}/banco`));
  const { deposit } = payment;
  const isGatewayIn = deposit.operation === "gateway_in";
  // Gateway In: only the method its form settled on.
  if (isGatewayIn && deposit.paymentMethod !== query.banco) redirect(withLang(`/pay/${token}`));
  const bank = findBank(query.banco);
  const authorize = decidePayment.bind(null, token, bank.method, query.lang ?? "", "authorize");
  const decline = decidePayment.bind(null, token, bank.method, query.lang ?? "", "decline");
  const rows = [
    [t.payer, deposit.customerName ?? ""],
    [t.cpf, maskCpf(deposit.customerCpf)],
    [t.receiver, payment.merchantName],
    [t.amount, amount],
    [t.bank, `${bank.name} (${bank.code})`],
  ];
  return (
    <PaymentShell locale={locale} t={t} {...shop} amount={amount}>
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
        {!payment.isSimulated ? (
          <Alert tone="warning" role="alert" className="mt-5">
            {t.sandboxOnly}
          </Alert>
        ) : (
          <ConsentForm t={t} authorize={authorize} decline={decline} />
        )}
        {canSwitchToPix(deposit) && <PixOffer t={t} action={payByPix.bind(null, token, query.lang ?? "")} />}
        {/* A bank the shop sent stays; one the customer chose is changed where it was chosen. */}
        {deposit.methodOpen && (
          <a href={withLang(`/pay/${token}${isGatewayIn ? "" : "/banco"}`)} className="mt-4 inline-block py-2 underline">
            {t.changeBank}
          </a>
        )}
      </Card>
    </PaymentShell>
  );
}
