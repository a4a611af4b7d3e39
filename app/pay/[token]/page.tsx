import { redirect } from "next/navigation";
import { ChargeIssued } from "@/components/pay/charge-issued";
import { CheckoutForm } from "@/components/pay/checkout-form";
import { CustomerForm } from "@/components/pay/customer-form";
import { FailureCard } from "@/components/pay/failure";
import { PaymentShell } from "@/components/pay/payment-shell";
import { Receipt } from "@/components/pay/receipt";
import { ReadOnlyField } from "@/components/ui/field";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { getConfig } from "@/lib/config/config";
import { isChargeIssued } from "@/lib/deposits/choose-checkout-payment";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { maskCpf, maskEmail } from "@/lib/deposits/mask-customer";
import { gatewayInMethods } from "@/lib/deposits/schemas";
import { formatTypedBrl } from "@/lib/i18n/typed-input";
import { formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { payByPix, submitCheckout, submitCustomer } from "./actions";
import { type PageProps, loadPaymentPage, paymentMetadata } from "./page-context";

export const generateMetadata = paymentMetadata;

type CustomerField = "name" | "email" | "cpf";

// /pay/{token} - step 1 of a hosted payment: what is left to fill in (the payer's details for
// Payment Initiation, the amount or method for Gateway In), or how the payment ended
export default async function PaymentPage(props: PageProps) {
  const { token, query, payment, locale, t, amount, withLang, shop } = await loadPaymentPage(props);
  const { deposit } = payment;
  const isGatewayIn = deposit.operation === "gateway_in";
  const shell = (children: React.ReactNode) => (
    <PaymentShell locale={locale} t={t} {...shop} amount={payment.state === "open" ? amount : undefined}>
      {children}
    </PaymentShell>
  );

  if (payment.state === "paid") {
    return shell(
      <Receipt
        t={t}
        amount={formatBrl(deposit.amountCents, locale)}
        merchantName={payment.merchantName}
        paidAt={formatDateTime(deposit.settledAt ?? deposit.updatedAt, locale)}
        transactionId={deposit.id}
        returnUrl={merchantReturnUrl(payment)}
      />,
    );
  }
  if (payment.state !== "open") {
    const [title, text] = payment.state === "expired" ? [t.expiredTitle, t.expiredText] : [t.failedTitle, t.failedText];
    return shell(<FailureCard t={t} failure={{ title, text, problems: [], returnUrl: merchantReturnUrl(payment), code: null, detail: null }} />);
  }
  // A shop's fully locked Gateway In link with its QR issued: the customer belongs on the QR.
  if (isGatewayIn && !deposit.amountOpen && !deposit.methodOpen && deposit.paymentMethod === "pix" && deposit.pixCode) redirect(withLang(`/pay/${token}/pix`));
  // Back here once a Pix charge fixed what was the customer's: say so, never a form that ignores them.
  if (isChargeIssued(deposit)) return shell(<ChargeIssued t={t} amount={amount} toPix={payByPix.bind(null, token, query.lang ?? "")} />);

  const editable = isGatewayIn ? [] : deposit.invalidFields.filter((f): f is CustomerField => f === "name" || f === "email" || f === "cpf");
  const shown: [CustomerField, string, string][] = [
    ["name", t.name, deposit.customerName ?? ""],
    ["email", t.email, maskEmail(deposit.customerEmail)],
    ["cpf", t.cpf, maskCpf(deposit.customerCpf)],
  ];
  const lockedMethod = deposit.paymentMethod === null ? null : deposit.paymentMethod === "pix" ? t.pix : bankDirectory.find((b) => b.method === deposit.paymentMethod)?.name;
  // Pix first and preselected: it is how most Brazilians pay; live payments are Pix only.
  const methods = [...gatewayInMethods]
    .filter((method) => deposit.mode !== "live" || method === "pix")
    .sort((a, b) => Number(b === "pix") - Number(a === "pix"))
    .map((method) => ({ value: method, label: method === "pix" ? t.pix : (bankDirectory.find((bank) => bank.method === method)?.name ?? method) }));
  const rows = [
    ...shown.filter(([field]) => !editable.includes(field)),
    ...(isGatewayIn && !deposit.amountOpen ? [["amount", t.amount, amount]] : []),
    ...(isGatewayIn && !deposit.methodOpen && lockedMethod ? [["paymentMethod", t.paymentMethodLabel, lockedMethod]] : []),
  ];
  return shell(
    <section aria-labelledby="details-title">
      <h1 id="details-title" className="text-xl font-bold">
        {t.yourDetails}
      </h1>
      <p className="mt-1 mb-4 text-stone-800 dark:text-stone-200">{t.detailsIntro}</p>
      {rows.length > 0 && (
        <div className="mb-5 rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
          <dl className="grid gap-3">
            {rows.map(([key, label, value]) => (
              <ReadOnlyField key={key} label={label} value={value} testId={`shown-${key}`} />
            ))}
          </dl>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">{t.locked}</p>
        </div>
      )}
      {isGatewayIn ? (
        <CheckoutForm
          t={t}
          isAmountEditable={deposit.amountOpen}
          // Back from a bank step: the customer's earlier choice, still theirs to change.
          amount={deposit.amountEditable ? "" : formatTypedBrl(deposit.amountCents)}
          amountLimit={formatTypedBrl(getConfig().maxAmountCents)}
          methods={deposit.methodOpen ? methods : null}
          method={deposit.paymentMethod ?? undefined}
          action={submitCheckout.bind(null, token, query.lang ?? "")}
        />
      ) : (
        <CustomerForm
          t={t}
          editable={editable}
          values={Object.fromEntries(editable.map((field) => [field, (field === "name" ? deposit.customerName : field === "email" ? deposit.customerEmail : deposit.customerCpf) ?? ""]))}
          action={submitCustomer.bind(null, token, query.lang ?? "")}
        />
      )}
    </section>,
  );
}
