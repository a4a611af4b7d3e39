import { FailureCard } from "@/components/pay/failure";
import { Receipt } from "@/components/pay/receipt";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { formatBrl, formatDateTime } from "@/lib/i18n/messages";
import type { HostedAnswer, PaymentRequest } from "./hosted-route";

/**
 * How a payment ended, on its details step: the receipt once paid, the failure template once
 * expired or failed, each with the way back to the shop as its own button (not the frame's link
 * again) and no amount left to pay in the header.
 */
export function endedPaymentAnswer(
  { payment, locale, t, shell, title }: PaymentRequest,
  state: "paid" | "expired" | "failed",
): HostedAnswer {
  const { deposit } = payment;
  const returnUrl = merchantReturnUrl(payment);
  if (state === "paid") {
    const receipt = (
      <Receipt
        t={t}
        amount={formatBrl(deposit.amountCents, locale)}
        merchantName={payment.merchantName}
        paidAt={formatDateTime(deposit.settledAt ?? deposit.updatedAt, locale)}
        transactionId={deposit.id}
        returnUrl={returnUrl}
      />
    );
    return { title, page: shell(receipt, { amount: undefined, shopLink: false }) };
  }
  const [failureTitle, text] = state === "expired" ? [t.expiredTitle, t.expiredText] : [t.failedTitle, t.failedText];
  const failure = { title: failureTitle, text, problems: [], returnUrl, code: null, detail: null };
  return {
    title: [failureTitle, payment.merchantName].filter(Boolean).join(" · "),
    withScript: false,
    page: shell(<FailureCard locale={locale} t={t} failure={failure} />, { amount: undefined, shopLink: false }),
  };
}
