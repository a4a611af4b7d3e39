import { ChargeIssued } from "@/components/pay/charge-issued";
import { CheckoutForm } from "@/components/pay/checkout-form";
import { type CustomerField, CustomerForm } from "@/components/pay/customer-form";
import { FailureCard } from "@/components/pay/failure";
import { type HostedAnswer, type PaymentRequest, paymentRoute } from "@/components/pay/hosted-route";
import { Receipt } from "@/components/pay/receipt";
import { ReadOnlyField } from "@/components/ui/field";
import { bankDirectory } from "@/lib/banks/bank-directory";
import { getConfig } from "@/lib/config/config";
import { chooseCheckoutPayment, isChargeIssued } from "@/lib/deposits/choose-checkout-payment";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { maskCpf, maskEmail } from "@/lib/deposits/mask-customer";
import { readHostedForm } from "@/lib/deposits/read-hosted-form";
import {
  type RefusedForm,
  clearedRefusedFormCookie,
  readRefusedForm,
  refusedFormCookie,
} from "@/lib/deposits/refused-form";
import { gatewayInMethods } from "@/lib/deposits/schemas";
import { submitCustomerDetails } from "@/lib/deposits/submit-customer-details";
import { formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { formatTypedBrl, parseTypedBrl } from "@/lib/i18n/typed-input";
import { formatAmountDot } from "@/lib/money/format-amount";

// /pay/{token} - step 1 of a hosted payment: what is left to fill in (the payer's details for
// Payment Initiation, the amount or method for Gateway In), or how the payment ended
function detailsPage(hosted: PaymentRequest, answered: RefusedForm | null): HostedAnswer {
  const { token, payment, locale, t, amount, withLang, shell, title } = hosted;
  const { deposit } = payment;
  const isGatewayIn = deposit.operation === "gateway_in";

  if (payment.state === "paid") {
    return {
      title,
      page: shell(
        <Receipt
          t={t}
          amount={formatBrl(deposit.amountCents, locale)}
          merchantName={payment.merchantName}
          paidAt={formatDateTime(deposit.settledAt ?? deposit.updatedAt, locale)}
          transactionId={deposit.id}
          returnUrl={merchantReturnUrl(payment)}
        />,
        { amount: undefined },
      ),
    };
  }
  if (payment.state !== "open") {
    const [failureTitle, text] =
      payment.state === "expired" ? [t.expiredTitle, t.expiredText] : [t.failedTitle, t.failedText];
    const failure = {
      title: failureTitle,
      text,
      problems: [],
      returnUrl: merchantReturnUrl(payment),
      code: null,
      detail: null,
    };
    return {
      title: [failureTitle, payment.merchantName].filter(Boolean).join(" · "),
      withScript: false,
      page: shell(<FailureCard locale={locale} t={t} failure={failure} />, { amount: undefined }),
    };
  }
  // A shop's fully locked Gateway In link with its QR issued: the customer belongs on the QR.
  if (isGatewayIn && !deposit.amountOpen && !deposit.methodOpen && deposit.paymentMethod === "pix" && deposit.pixCode)
    return { redirect: withLang(`/pay/${token}/pix`) };
  // Back here once a Pix charge fixed what was the customer's: say so, never a form that ignores them.
  if (isChargeIssued(deposit))
    return { title, page: shell(<ChargeIssued t={t} amount={amount} toPix={withLang(`/pay/${token}/pix`)} />) };

  const action = withLang(`/pay/${token}`);
  const editable = isGatewayIn
    ? []
    : deposit.invalidFields.filter((f): f is CustomerField => f === "name" || f === "email" || f === "cpf");
  const shown: [CustomerField, string, string][] = [
    ["name", t.name, deposit.customerName ?? ""],
    ["email", t.email, maskEmail(deposit.customerEmail)],
    ["cpf", t.cpf, maskCpf(deposit.customerCpf)],
  ];
  const lockedMethod =
    deposit.paymentMethod === null
      ? null
      : deposit.paymentMethod === "pix"
        ? t.pix
        : bankDirectory.find((b) => b.method === deposit.paymentMethod)?.name;
  // Pix first and preselected: it is how most Brazilians pay; live payments are Pix only.
  const methods = [...gatewayInMethods]
    .filter((method) => deposit.mode !== "live" || method === "pix")
    .sort((a, b) => Number(b === "pix") - Number(a === "pix"))
    .map((method) => ({
      value: method,
      label: method === "pix" ? t.pix : (bankDirectory.find((bank) => bank.method === method)?.name ?? method),
    }));
  const rows = [
    ...shown.filter(([field]) => !editable.includes(field)),
    ...(isGatewayIn && !deposit.amountOpen ? [["amount", t.amount, amount]] : []),
    ...(isGatewayIn && !deposit.methodOpen && lockedMethod
      ? [["paymentMethod", t.paymentMethodLabel, lockedMethod]]
      : []),
  ];
  // The shop's invalid values are flagged as the page opens; after a submission, what it found.
  const shopValues = Object.fromEntries(
    editable.map((field) => [
      field,
      (field === "name" ? deposit.customerName : field === "email" ? deposit.customerEmail : deposit.customerCpf) ?? "",
    ]),
  );
  const values = answered?.values ?? shopValues;
  const invalid = answered?.invalid ?? editable.filter((field) => shopValues[field] !== "");
  return {
    title,
    page: shell(
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
            action={action}
            isAmountEditable={deposit.amountOpen}
            // Back from a bank step: the customer's earlier choice, still theirs to change.
            amount={
              answered
                ? (answered.values.amount ?? "")
                : deposit.amountEditable
                  ? ""
                  : formatTypedBrl(deposit.amountCents)
            }
            amountLimit={formatTypedBrl(getConfig().maxAmountCents)}
            methods={deposit.methodOpen ? methods : null}
            method={answered?.values.paymentMethod ?? deposit.paymentMethod ?? undefined}
            invalid={invalid}
            isAnswer={answered !== null}
          />
        ) : (
          <CustomerForm
            t={t}
            action={action}
            editable={editable}
            values={values}
            invalid={invalid}
            isAnswer={answered !== null}
          />
        )}
      </section>,
    ),
  };
}

export const GET = paymentRoute(async (hosted) => {
  // Back from a refused submission (the POST below): its errors and what was typed, this once.
  const refused = readRefusedForm(hosted.request);
  const page = detailsPage(hosted, refused);
  return refused ? { ...page, headers: { "set-cookie": clearedRefusedFormCookie(hosted.token) } } : page;
});

// The form of step 1: the payer's details, or Gateway In's amount and method. Refused, it goes
// back to the page with what to fix (lib/deposits/refused-form), never answering the POST itself.
export const POST = paymentRoute(async (hosted) => {
  const { token, payment, request, withLang } = hosted;
  const form = await readHostedForm(request);
  if (payment.deposit.operation === "gateway_in") {
    const values = { amount: form.amount, paymentMethod: form.paymentMethod };
    // Typed as Brazilians write it ("1.234,56"), read as the field reads it while typed: what it
    // calls no amount ("50.5") is no amount here either, not the API's "50.5".
    const cents = parseTypedBrl(values.amount ?? "");
    const result = await chooseCheckoutPayment(token, {
      ...values,
      amount: cents === null ? undefined : formatAmountDot(cents),
    });
    if (result.ok)
      return {
        redirect: withLang(
          result.next.kind === "pix" ? `/pay/${token}/pix` : `/pay/${token}/autorizar?banco=${result.next.bank}`,
        ),
      };
    // Closed, or a Pix charge fixed the amount meanwhile: step 1 shows where it stands, in words.
    if (result.closed || result.fixed) return { redirect: withLang(`/pay/${token}`) };
    return {
      redirect: withLang(`/pay/${token}`),
      headers: { "set-cookie": refusedFormCookie(token, { invalid: result.invalid, values }) },
    };
  }
  const values = { name: form.name, email: form.email, cpf: form.cpf };
  const result = await submitCustomerDetails(token, values);
  if (result.ok) return { redirect: withLang(`/pay/${token}/banco`) };
  if (result.closed) return { redirect: withLang(`/pay/${token}`) };
  return {
    redirect: withLang(`/pay/${token}`),
    headers: { "set-cookie": refusedFormCookie(token, { invalid: result.invalid, values }) },
  };
});
