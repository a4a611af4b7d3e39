import { BankConsent } from "@/components/pay/bank-consent";
import { BankFailure } from "@/components/pay/bank-failure";
import { findBank } from "@/lib/banks/bank-directory";
import { maskCpf } from "@/lib/deposits/mask-customer";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { type PaymentRequest, paymentRoute } from "@/lib/hosted/hosted-route";
import { bankApprovalStep, consentStep } from "@/lib/hosted/payment-flow";
import { findLatestAttempt, submitBankChoice, toLatestAttempt } from "@/lib/hosted/submit-bank-choice";
import { openSandboxBank, submitConsentForm } from "@/lib/hosted/submit-consent-form";
import { readHostedForm } from "@/lib/http/read-hosted-form";
import { findSandboxBankAttempt } from "@/lib/initiations/answer-sandbox-bank";

// The sandbox bank: the payment started there, then its consent screen for the attempt it started
// (the attempt in the address is only a hint, found among this payment's stored ones).
async function sandboxBank(hosted: PaymentRequest) {
  const { token, payment, query, t, amount, to, shell, title } = hosted;
  const decided = consentStep(payment, query.get("banco"));
  if ("redirect" in decided) return { redirect: to(decided.redirect) };
  const { bank, offersPix, changeBank } = decided.page;
  const attempt = await findSandboxBankAttempt(payment, query.get("tentativa"), bank);
  if (!attempt) return { redirect: to(await openSandboxBank(token, bank)) };
  return {
    title,
    page: shell(
      <BankConsent
        t={t}
        bank={findBank(bank)}
        payer={payment.deposit.customerName ?? ""}
        cpf={maskCpf(payment.deposit.customerCpf)}
        receiver={payment.merchantName}
        amount={amount}
        action={to({ step: "autorizar", bank, attempt: attempt.id })}
        toPix={offersPix ? to({ step: "pix" }) : null}
        changeBank={changeBank && to(changeBank)}
      />,
    ),
  };
}

// A live payment goes to the customer's own bank: a Gateway In link whose shop sent the bank starts
// there as it opens; anything else goes on where its attempt stands (lib/hosted/payment-flow).
async function liveApproval(hosted: PaymentRequest) {
  const { token, payment, query, locale, t, to, shell } = hosted;
  const latest = toLatestAttempt(await findLatestAttempt(payment.deposit.id));
  const decided = bankApprovalStep(payment, query.get("banco"), latest, query.get("erro"));
  if ("redirect" in decided) return { redirect: to(decided.redirect) };
  const { page } = decided;
  if (page.kind === "start") return { redirect: to(await submitBankChoice({ token, payment }, {})) };
  const bank = findBank(page.bank);
  const words = t.liveBank;
  return {
    title: [words.unreachableTitle, payment.merchantName].filter(Boolean).join(" · "),
    page: shell(
      <BankFailure
        locale={locale}
        t={t}
        title={words.unreachableTitle}
        text={words.unavailable}
        reason={null}
        chooseBank={null}
        retry={{ action: to({ step: "autorizar", bank: page.bank }), bankName: bank.name }}
        toPix={page.offersPix ? to({ step: "pix" }) : null}
        returnUrl={merchantReturnUrl(payment)}
      />,
    ),
  };
}

// /pay/{token}/autorizar?banco=…[&tentativa=…] - step 3: a sandbox payment is started at the
// sandbox bank, which asks the customer's consent; a live payment is started at the customer's
// bank and handed over to it
export const GET = paymentRoute(async (hosted) =>
  hosted.payment.isSimulated ? sandboxBank(hosted) : liveApproval(hosted),
);

// The customer's answer at the sandbox bank: authorize (the receipt) or decline (the ways on). Live:
// the bank picked on the choice (or the shop's, tried again), started at the initiator, then on to it.
export const POST = paymentRoute(async ({ token, payment, request, query, to }) => {
  const form = await readHostedForm(request);
  if (!payment.isSimulated) return { redirect: to(await submitBankChoice({ token, payment }, form)) };
  const next = await submitConsentForm(
    { token, bank: query.get("banco") ?? "", attempt: query.get("tentativa") },
    form,
  );
  return { redirect: to(next) };
});
