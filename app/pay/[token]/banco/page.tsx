import { redirect } from "next/navigation";
import { BankChoice } from "@/components/pay/bank-choice";
import { ChargeIssued } from "@/components/pay/charge-issued";
import { PaymentShell } from "@/components/pay/payment-shell";
import { PixOffer } from "@/components/pay/pix-offer";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { isChargeIssued } from "@/lib/deposits/choose-checkout-payment";
import { canSwitchToPix } from "@/lib/deposits/switch-to-pix";
import { payByPix } from "../actions";
import { type PageProps, loadPaymentPage, paymentMetadata } from "../page-context";

export const generateMetadata = paymentMetadata;

// /pay/{token}/banco - step 2: the customer chooses the bank to pay from
export default async function ChooseBankPage(props: PageProps) {
  const { token, query, payment, locale, t, amount, withLang, shop } = await loadPaymentPage(props);
  // Closed, or the details are not complete yet: step 1 says why.
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0) redirect(withLang(`/pay/${token}`));
  const toPix = payByPix.bind(null, token, query.lang ?? "");
  return (
    <PaymentShell locale={locale} t={t} {...shop} amount={amount}>
      {isChargeIssued(payment.deposit) ? (
        // Back from the Pix screen: the charge it showed pays this order now.
        <ChargeIssued t={t} amount={amount} toPix={toPix} />
      ) : (
        <>
          <BankChoice t={t} action={`/pay/${token}/autorizar`} lang={query.lang} banks={bankDirectory.map(({ method, name, code }) => ({ method, name, code }))} />
          {canSwitchToPix(payment.deposit) && <PixOffer t={t} action={toPix} />}
        </>
      )}
    </PaymentShell>
  );
}
