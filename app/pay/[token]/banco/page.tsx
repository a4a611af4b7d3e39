import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PaymentShell, primaryButton } from "@/components/pay/payment-shell";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { type PageProps, loadPaymentPage } from "../page-context";

export const metadata: Metadata = { title: "Pagamento", robots: { index: false } };

// /pay/{token}/banco - step 2: the customer chooses the bank to pay from
export default async function ChooseBankPage(props: PageProps) {
  const { token, query, payment, locale, t, amount, withLang } = await loadPaymentPage(props);
  // Closed, or the details are not complete yet: step 1 says why.
  if (payment.state !== "open" || payment.deposit.invalidFields.length > 0) redirect(withLang(`/pay/${token}`));
  return (
    <PaymentShell locale={locale} t={t} merchantName={payment.merchantName} amount={amount}>
      <form action={`/pay/${token}/autorizar`} method="get" className="space-y-5">
        {query.lang && <input type="hidden" name="lang" value={query.lang} />}
        <fieldset>
          <legend className="text-xl font-bold">{t.chooseBank}</legend>
          <p className="mt-1 mb-4 text-stone-700">{t.chooseBankIntro}</p>
          <div className="space-y-3">
            {bankDirectory.map((bank) => (
              <label
                key={bank.method}
                className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 bg-white px-4 py-4 text-lg has-[:checked]:border-brand-700 has-[:checked]:bg-emerald-50"
              >
                <input type="radio" name="banco" value={bank.method} required className="size-5 accent-brand-700" />
                <span className="font-semibold">{bank.name}</span>
                <span className="ml-auto text-sm text-stone-600">{bank.code}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={primaryButton}>
          {t.continue}
        </button>
      </form>
    </PaymentShell>
  );
}
