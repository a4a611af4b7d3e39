import { ChargeIssued } from "@/components/pay/charge-issued";
import { DetailsForm } from "@/components/pay/details-form";
import { detailsForm } from "@/lib/hosted/details-form";
import { endedPaymentAnswer } from "@/lib/hosted/ended-payment";
import { paymentRoute } from "@/lib/hosted/hosted-route";
import { detailsStep, isFromPayment } from "@/lib/hosted/payment-flow";
import { submitDetailsForm } from "@/lib/hosted/submit-details-form";
import { readHostedForm } from "@/lib/http/read-hosted-form";
import { clearedRefusedFormCookie, readRefusedForm, refusedFormCookie } from "@/lib/http/refused-form";

// /pay/{token} - step 1 of a hosted payment: what is left to fill in (the payer's details for
// Payment Initiation, the amount or method for Gateway In), or how the payment ended
export const GET = paymentRoute(async (hosted) => {
  const { request, query, token, payment, t, amount, title, shell, to } = hosted;
  // Back from a refused submission (the POST below): its errors and what was typed, this once.
  const refused = readRefusedForm(request);
  const headers = refused ? { "set-cookie": clearedRefusedFormCookie(token) } : undefined;
  const decided = detailsStep(payment, isFromPayment(query));
  if ("redirect" in decided) return { redirect: to(decided.redirect), headers };
  const { page } = decided;
  if (page.kind === "ended") return { ...(await endedPaymentAnswer(hosted, page)), headers };
  const body =
    page.kind === "charge-issued" ? (
      <ChargeIssued t={t} amount={amount} toPix={to({ step: "pix" })} />
    ) : (
      <DetailsForm t={t} action={to({ step: "details" })} form={detailsForm(hosted, refused)} />
    );
  return { title, page: shell(body), headers };
});

// The form of step 1. Refused, it goes back to the page with what to fix (lib/http/refused-form),
// never answering the POST itself.
export const POST = paymentRoute(async ({ token, payment, locale, request, to }) => {
  const { next, refused } = await submitDetailsForm({ token, payment, locale }, await readHostedForm(request));
  return { redirect: to(next), headers: refused ? { "set-cookie": refusedFormCookie(token, refused) } : undefined };
});
