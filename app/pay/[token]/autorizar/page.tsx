import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { formatCpf } from "@brazilian-utils/brazilian-utils";
import { PaymentShell, primaryButton, secondaryButton } from "@/components/pay/payment-shell";
import { findBank } from "@/lib/banks/bank-directory";
import { isBankMethod } from "@/lib/deposits/decide-initiated-payment";
import { decidePayment } from "../actions";
import { type PageProps, loadPaymentPage } from "../page-context";

export const metadata: Metadata = { title: "Autorizar pagamento", robots: { index: false } };

// /pay/{token}/autorizar?banco=… - step 3: the sandbox bank asks the customer's consent
export default async function ConsentPage(props: PageProps) {
  const { token, query, payment, locale, t, amount, withLang } = await loadPaymentPage(props);
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0 || payment.deposit.amountEditable) {
    redirect(withLang(`/pay/${token}`));
  }
  if (!isBankMethod(query.banco)) redirect(withLang(`/pay/${token}/banco`));
  // Gateway In: only the method its form settled on.
  if (payment.deposit.operation === "gateway_in" && payment.deposit.paymentMethod !== query.banco) redirect(withLang(`/pay/${token}`));
  const bank = findBank(query.banco);
  const { deposit } = payment;
  const authorize = decidePayment.bind(null, token, bank.method, query.lang ?? "", "authorize");
  const decline = decidePayment.bind(null, token, bank.method, query.lang ?? "", "decline");
  const rows = [
    [t.payer, deposit.customerName ?? ""],
    [t.cpf, formatCpf(deposit.customerCpf ?? "")],
    [t.receiver, payment.merchantName],
    [t.amount, amount],
    [t.bank, `${bank.name} (${bank.code})`],
  ];
  return (
    <PaymentShell locale={locale} t={t} merchantName={payment.merchantName} amount={amount}>
      <section aria-labelledby="consent-title" className="rounded-2xl border border-stone-200 bg-white p-5">
        <h1 id="consent-title" className="text-xl font-bold">
          {t.consentTitle}
        </h1>
        <p className="mt-1 text-stone-700">{t.consentIntro}</p>
        <dl className="mt-4 divide-y divide-stone-200">
          {rows.map(([term, value]) => (
            <div key={term} className="py-2">
              <dt className="text-sm text-stone-600">{term}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {!payment.isSimulated ? (
          <p role="alert" className="mt-5 rounded-xl bg-amber-50 px-4 py-3 font-medium text-amber-900">
            {t.sandboxOnly}
          </p>
        ) : (
        <form className="mt-5 space-y-3">
          <button type="submit" formAction={authorize} className={primaryButton}>
            {t.authorize}
          </button>
          <button type="submit" formAction={decline} className={secondaryButton}>
            {t.decline}
          </button>
        </form>
        )}
      </section>
    </PaymentShell>
  );
}
