import { FailureCard } from "@/components/pay/failure";
import { Receipt } from "@/components/pay/receipt";
import { merchantReturnUrl } from "@/lib/deposits/find-hosted-payment";
import { findReceipt } from "@/lib/deposits/find-receipt";
import { type Messages, type Locale, fillText, formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { refundedStateOf } from "@/lib/refunds/refunded-state";
import { hasAmount } from "@/lib/transactions/has-amount";
import type { HostedAnswer, PaymentRequest } from "./hosted-route";
import type { DetailsPage } from "./payment-flow";

/** What a paid payment's receipt says of its refunds, once one has completed: the payer's money back. */
function refundNotice(t: Messages, locale: Locale, deposit: { amountCents: bigint }, refundedCents: bigint) {
  const state = refundedStateOf({ amountCents: deposit.amountCents, refundedCents });
  if (state === null) return undefined;
  const amounts = { refunded: formatBrl(refundedCents, locale), amount: formatBrl(deposit.amountCents, locale) };
  return state === "refunded"
    ? { title: t.refundedTitle, text: fillText(t.refundedText, amounts) }
    : { title: t.receiptTitle, text: fillText(t.partiallyRefundedText, amounts) };
}

/**
 * How a payment ended, on its details step: the receipt once paid, the failure template once
 * expired or failed, each with the way back to the shop as its own button (not the frame's link
 * again). The receipt says its amount itself; a failure keeps it in the header, so the customer
 * knows which payment did not go through.
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
      page: shell(
        <Receipt
          t={t}
          receipt={receipt}
          returnUrl={returnUrl}
          countdown={countdown}
          refund={refundNotice(t, locale, deposit, payment.refundedCents)}
        />,
        {
          amount: undefined,
          shopLink: false,
        },
      ),
    };
  }
  const [failureTitle, text] = state === "expired" ? [t.expiredTitle, t.expiredText] : [t.failedTitle, t.failedText];
  const failure = { title: failureTitle, text, problems: [], returnUrl, code: null, detail: null };
  return {
    title: [failureTitle, payment.merchantName].filter(Boolean).join(" · "),
    withScript: false,
    page: shell(<FailureCard locale={locale} t={t} failure={failure} />, {
      amount: hasAmount(deposit) ? formatBrl(deposit.amountCents, locale) : undefined,
      shopLink: false,
    }),
  };
}
