import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import type { Tx } from "../db/client";
import type { RefundWithDeposit } from "../db/refunds";
import type { Actor } from "../db/transactions";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { formatAmountDot } from "../money/format-amount";
import type { RefundStatus } from "../transactions/statuses";
import type { RefundCallbackData } from "./schemas";

export type RefundOutcome = Extract<RefundStatus, "completed" | "failed">;

export type RefundSettlement = {
  outcome: RefundOutcome;
  actor: Actor;
  at: Date;
  providerRefundId?: string | null;
  /**
   * Why: required with failed; with completed, only for a refund the PSP made on its own (a MED
   * claw-back, a devolucao in its portal), so the merchant learns why money left.
   */
  reason?: { reasonCode: string; reason: string };
};

/**
 * Moves a pending refund to its final state inside the caller's transaction: the money the refund
 * held since it was asked for leaves the merchant's funds (completed: debit) or comes back to
 * them (failed: release), and refund.completed or refund.failed goes to the outbox. False when
 * the refund was no longer pending: a final state never changes, so a duplicate or late report
 * writes nothing.
 */
export async function settleRefund(tx: Tx, refund: RefundWithDeposit, settlement: RefundSettlement): Promise<boolean> {
  const { outcome, reason } = settlement;
  const isChanged = await changeStatus(tx, "refund", {
    id: refund.id,
    from: refund.status,
    to: outcome,
    actor: settlement.actor,
    at: settlement.at,
    providerRefundId: settlement.providerRefundId,
    ...reason,
  });
  if (!isChanged) return false;
  await recordFundsMovement(tx, {
    merchantId: refund.merchantId,
    mode: refund.mode,
    kind: outcome === "completed" ? "debit" : "release",
    amountCents: refund.amountCents,
    transactionId: refund.depositId,
    memo: `refund ${refund.id}`,
  });
  await enqueueCallback(tx, {
    merchantId: refund.merchantId,
    objectId: refund.id,
    requestId: refund.requestId,
    mode: refund.mode,
    type: `refund.${outcome}`,
    occurredAt: settlement.at,
    data: {
      id: refund.id,
      deposit_id: refund.depositId,
      reference: refund.deposit.reference,
      amount: formatAmountDot(refund.amountCents),
      currency: refund.currency,
      status: outcome,
      ...(reason ? { reason_code: reason.reasonCode, reason: reason.reason } : {}),
    } satisfies RefundCallbackData,
  });
  return true;
}
