import { redirect } from "next/navigation";
import { BankChoice } from "@/components/pay/bank-choice";
import { PaymentShell } from "@/components/pay/payment-shell";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { type PageProps, loadPaymentPage, paymentMetadata } from "../page-context";

export const generateMetadata = paymentMetadata;

// /pay/{token}/banco - step 2: the customer chooses the bank to pay from
export default async function ChooseBankPage(props: PageProps) {
  const { token, query, payment, locale, t, amount, withLang } = await loadPaymentPage(props);
  // Closed, or the details are not complete yet: step 1 says why.
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0) redirect(withLang(`/pay/${token}`));
  return (
    <PaymentShell locale={locale} t={t} merchantName={payment.merchantName} amount={amount}>
      <BankChoice t={t} action={`/pay/${token}/autorizar`} lang={query.lang} banks={bankDirectory.map(({ method, name, code }) => ({ method, name, code }))} />
    </PaymentShell>
  );
}
