import { BankConsent } from "@/components/pay/bank-consent";
import { findBank } from "@/lib/banks/bank-directory";
import { maskCpf } from "@/lib/deposits/mask-customer";
import { paymentRoute, stepRoute } from "@/lib/hosted/hosted-route";
import { consentStep } from "@/lib/hosted/payment-flow";
import { submitConsentForm } from "@/lib/hosted/submit-consent-form";
import { readHostedForm } from "@/lib/http/read-hosted-form";

// /pay/{token}/autorizar?banco=… - step 3: the sandbox bank asks the customer's consent
export const GET = stepRoute(
  ({ payment, query }) => consentStep(payment, query.get("banco")),
  ({ payment, t, amount, to, shell, title }, { bank, offersPix, changeBank }) => ({
    title,
    page: shell(
      <BankConsent
        t={t}
        bank={findBank(bank)}
        payer={payment.deposit.customerName ?? ""}
        cpf={maskCpf(payment.deposit.customerCpf)}
        receiver={payment.merchantName}
        amount={amount}
        action={payment.isSimulated ? to({ step: "autorizar", bank }) : null}
        toPix={offersPix ? to({ step: "pix" }) : null}
        changeBank={changeBank && to(changeBank)}
      />,
    ),
  }),
);

// The customer's answer at the sandbox bank: authorize or decline, then back to the merchant.
export const POST = paymentRoute(async ({ token, request, query, to }) => {
  const next = await submitConsentForm({ token, bank: query.get("banco") ?? "" }, await readHostedForm(request));
  return { redirect: typeof next === "string" ? next : to(next) };
});
