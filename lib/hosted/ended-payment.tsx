import { FailureCard } from "@/components/pay/failure";
import { Receipt } from "@/components/pay/receipt";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { findReceipt } from "@/lib/deposits/find-receipt";
import { fillText, formatBrl, formatDateTime } from "@/lib/i18n/messages";
import type { HostedAnswer, PaymentRequest } from "./hosted-route";
import type { DetailsPage } from "./payment-flow";

/**
 * How a payment ended, on its details step: the receipt once paid, the failure template once
 * expired or failed, each with the way back to the shop as its own button (not the frame's link
 * again) and no amount left to pay in the header.
 */
export async function endedPaymentAnswer(
  { payment, locale, t, shell, title }: PaymentRequest,
  { state, countdown }: Extract<DetailsPage, { kind: "ended" }>,
): Promise<HostedAnswer> {
  const { deposit } = payment;
  const returnUrl = merchantReturnUrl(payment);
  if (state === "paid") {
    const found = await findReceipt(deposit);
    const receipt = {
      amount: formatBrl(deposit.amountCents, locale),
      merchantName: payment.merchantName,
      method: found.bankName === null ? t.pix : fillText(t.methodBank, { bank: found.bankName }),
      reference: found.reference,
      endToEndId: found.endToEndId,
      paidAt: `${formatDateTime(found.paidAt, locale)} (${t.brasiliaTime})`,
      transactionId: deposit.id,
    };
    return {
      title,
      page: shell(<Receipt t={t} receipt={receipt} returnUrl={returnUrl} countdown={countdown} />, {
        amount: undefined,
        shopLink: false,
      }),
    };
  }
  const [failureTitle, text] = state === "expired" ? [t.expiredTitle, t.expiredText] : [t.failedTitle, t.failedText];
  const failure = { title: failureTitle, text, problems: [], returnUrl, code: null, detail: null };
  return {
    title: [failureTitle, payment.merchantName].filter(Boolean).join(" · "),
    withScript: false,
    page: shell(<FailureCard locale={locale} t={t} failure={failure} />, { amount: undefined, shopLink: false }),
  };
}
