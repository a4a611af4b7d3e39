import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { findHostedPayment } from "@/lib/deposits/find-hosted-payment";
import { formatBrl, messages, resolveLocale, withLang } from "@/lib/i18n/messages";

export type PageProps = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | undefined>> };

/** What every step of the hosted payment needs: the payment (or a 404), the language, the amount. */
export async function loadPaymentPage(props: PageProps) {
  const { token } = await props.params;
  const query = await props.searchParams;
  const payment = await findHostedPayment(token);
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
    // An explicit ?lang= is carried from step to step.
    withLang: (path: string) => withLang(path, query.lang),
  };
}
