import type { Metadata } from "next";
import { headers } from "next/headers";
import { FailureCard, notFoundFailure } from "@/components/pay/failure";
import { PaymentShell } from "@/components/pay/payment-shell";
import { messages, resolveLocale } from "@/lib/i18n/messages";

export const metadata: Metadata = { robots: { index: false } };

// Unknown addresses, and payment links that never existed: 404, in the customer's language
// (?lang= reaches here through proxy.ts's x-lang: Next.js gives this page no query).
export default async function NotFound() {
  const request = await headers();
  const locale = resolveLocale(request.get("x-lang") || undefined, request.get("accept-language"));
  const t = messages[locale];
  return (
    <PaymentShell locale={locale} t={t} merchantName={null}>
      <title>{t.notFoundTitle}</title>
      <FailureCard locale={locale} t={t} failure={notFoundFailure(t)} />
    </PaymentShell>
  );
}
