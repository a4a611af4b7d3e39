import type { DisputeRecord } from "../db/disputes";
import { formatAmountDot } from "../money/format-amount";

/** What every answer and callback says of a dispute, whatever its status. */
export function disputeFieldsOf(dispute: DisputeRecord) {
  return {
    id: dispute.id,
    deposit_id: dispute.depositId,
    reference: dispute.deposit.reference,
    amount: formatAmountDot(dispute.amountCents),
    currency: dispute.deposit.currency,
    reason_code: dispute.reasonCode,
    reason: dispute.reason ?? describeReason(dispute.reasonCode),
    respond_by: dispute.respondBy.toISOString(),
  };
}

const REASONS: Record<DisputeRecord["reasonCode"], string> = {
  scam: "the payer says they were deceived into paying (scam)",
  account_takeover: "the payer says someone took over their account",
  coercion: "the payer says they were forced to pay",
  fraudulent_access: "the payer says someone reached their account without leave",
  other: "the payer contests the payment",
  unknown: "the payer contests the payment; the PSP gave no reason",
};

/** The reason in words when the PSP gave none of its own. */
export function describeReason(code: DisputeRecord["reasonCode"]): string {
  return REASONS[code];
}
