import { FailureCard } from "@/components/pay/failure";
import { hostedRoute } from "@/lib/hosted/hosted-route";
import { PaymentShell } from "@/components/pay/payment-shell";

// /pay/limite - where proxy.ts sends a customer's page (a hosted step, a form, /direct) past the
// per-address limit: the failure template in the customer's language, 429 with Retry-After,
// instead of the API's JSON. Whatever the method, the answer is the same.
const limited = hostedRoute(async ({ request, locale, t }) => {
  const retryAfter = /^\d{1,5}$/.exec(request.headers.get("x-retry-after") ?? "")?.[0] ?? "60";
  const failure = {
    title: t.rateLimitedTitle,
    text: t.rateLimitedText,
    problems: [],
    returnUrl: null,
    code: "rate_limited",
    detail: null,
  };
  return {
    status: 429,
    title: t.rateLimitedTitle,
    withScript: false,
    headers: { "retry-after": retryAfter },
    page: (
      <PaymentShell locale={locale} t={t} merchantName={null}>
        <FailureCard locale={locale} t={t} failure={failure} />
      </PaymentShell>
    ),
  };
});

export { limited as GET, limited as POST };
