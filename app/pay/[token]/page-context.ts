import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { formatBrl, messages, resolveLocale, withLang } from "@/lib/i18n/messages";

// The page and its metadata ask for the same payment: one query per request.
const findPayment = cache(findHostedPayment);

export type PageProps = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | undefined>> };

/** What every step of the hosted payment needs: the payment (or a 404), the language, the amount. */
export async function loadPaymentPage(props: PageProps) {
  const { token } = await props.params;
  const query = await props.searchParams;
  const payment = await findPayment(token);
  if (!payment) notFound();
  const locale = resolveLocale(query.lang, (await headers()).get("accept-language"));
  return {
    token,
    query,
    payment,
    locale,
    t: messages[locale],
    // A Gateway In amount the customer has yet to type is not zero: it is not known.
    amount: payment.deposit.amountEditable ? "—" : formatBrl(payment.deposit.amountCents, locale),
    // Who is paid, as the shell shows them: the name, the logo when the merchant has one, and
    // what the order is (the request's brand: a product or brand of the shop's, per the spec).
    shop: { merchantName: payment.merchantName, logoUrl: payment.merchantLogoUrl, description: payment.deposit.brand },
    // An explicit ?lang= is carried from step to step.
    withLang: (path: string) => withLang(path, query.lang),
  };
}

/** The tab says what is paid to whom ("R$ 149,90 · Loja Demo"), not the gateway's name. */
export async function paymentMetadata(props: PageProps): Promise<Metadata> {
  const payment = await findPayment((await props.params).token);
  const robots = { index: false, follow: false };
  if (!payment) return { robots };
  const locale = resolveLocale((await props.searchParams).lang, (await headers()).get("accept-language"));
  const amount = payment.deposit.amountEditable ? null : formatBrl(payment.deposit.amountCents, locale);
  return { title: { absolute: [amount, payment.merchantName || messages[locale].pageTitle].filter(Boolean).join(" · ") }, robots };
}
