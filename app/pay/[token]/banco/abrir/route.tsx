import { ToBank } from "@/components/pay/to-bank";
import { bankReturnCookie } from "@/lib/http/bank-return-cookie";
import { paymentRoute } from "@/lib/hosted/hosted-route";
import { openBankStep } from "@/lib/hosted/payment-flow";
import { findLatestAttempt, toLatestAttempt } from "@/lib/hosted/submit-bank-choice";

// /pay/{token}/banco/abrir - a live payment started at the customer's bank: the page hands the
// customer to the bank's address the initiator gave (read from the stored attempt, never the query),
// with the cookie that names this payment on the way back (lib/http/bank-return-cookie)
export const GET = paymentRoute(async ({ token, payment, amount, t, to, shell }) => {
  const latest = await findLatestAttempt(payment.deposit.id);
  const decided = openBankStep(payment, toLatestAttempt(latest));
  if ("redirect" in decided || !latest?.redirectUrl)
    return { redirect: to("redirect" in decided ? decided.redirect : { step: "aguardando" }) };
  return {
    title: [t.liveBank.opening, payment.merchantName].filter(Boolean).join(" · "),
    withScript: false,
    headers: { "set-cookie": bankReturnCookie(latest.provider, { token, initiationId: latest.id }) },
    page: shell(<ToBank t={t} bankName={latest.participantName} bankUrl={latest.redirectUrl} amount={amount} />),
  };
});
