import type { DisputeRecord } from "../db/disputes";
import { formatAmountDot } from "../money/format-amount";
import { disputeFieldsOf } from "./dispute-callback-data";
import type { DisputeItem } from "./schemas";

/** A dispute as the API answers it. */
export function toDisputeItem(dispute: DisputeRecord): DisputeItem {
  return {
    ...disputeFieldsOf(dispute),
    status: dispute.status,
    held: formatAmountDot(dispute.heldCents),
    decision: dispute.decision,
    justification: dispute.justification,
    opened_at: dispute.openedAt.toISOString(),
    answered_at: dispute.submittedAt?.toISOString() ?? null,
    closed_at: dispute.closedAt?.toISOString() ?? null,
  };
}
