import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import type { Tx } from "../db/client";
import { afterCommit } from "../db/run-transaction";
import { metrics } from "../metrics/metrics";
import type { Actor, DepositRecord } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { formatAmountDot } from "../money/format-amount";
import type { DepositStatus } from "../transactions/statuses";
import { type DepositCallbackData, type DepositReasonCode, depositReasons } from "./schemas";

export type DepositOutcome = Extract<DepositStatus, "paid" | "failed" | "expired">;

/** How a deposit ends: paid by a Pix (its end-to-end id when known), or failed or expired for a reason. */
export type DepositEnding =
  | { outcome: "paid"; endToEndId?: string }
  | { outcome: Exclude<DepositOutcome, "paid">; reasonCode: DepositReasonCode };

/**
 * Moves a pending deposit to a final state, credits the merchant's funds when it is paid, and
 * writes its callback (deposit.paid, deposit.failed, deposit.expired) to the outbox, inside the
 * caller's transaction. A deposit that is no longer pending is not changed: terminal states never
 * change (contract section 4). A paid deposit keeps the end-to-end id of the Pix that paid it,
 * which its refunds name; a failed or expired one keeps why, which its status answer and its
 * callback tell the merchant. `tx` is runTransaction's, which counts the outcome once it commits.
 */
export async function settleDeposit(
  tx: Tx,
  deposit: DepositRecord,
  ending: DepositEnding,
  actor: Actor,
  at: Date = new Date(),
): Promise<string> {
  const reason =
    ending.outcome === "paid" ? null : { reasonCode: ending.reasonCode, reason: depositReasons[ending.reasonCode] };
  const isChanged = await changeStatus(tx, "deposit", {
    id: deposit.id,
    from: deposit.status,
    to: ending.outcome,
    actor,
    at,
    ...(ending.outcome === "paid" ? { pixEndToEndId: ending.endToEndId } : reason),
  });
  if (!isChanged) {
    throw new AppError("state_conflict", `deposit ${deposit.id} is no longer pending; a final state never changes`);
  }
  // Counted once the change is committed: a rolled-back settlement ended nothing.
  afterCommit(tx, () => metrics().depositOutcomes.inc({ outcome: ending.outcome, mode: deposit.mode }));
  if (ending.outcome === "paid") {
    await recordFundsMovement(tx, {
      merchantId: deposit.merchantId,
      mode: deposit.mode,
      kind: "credit",
      amountCents: deposit.amountCents,
      transactionId: deposit.id,
    });
  }
  return enqueueCallback(tx, {
    merchantId: deposit.merchantId,
    objectId: deposit.id,
    requestId: deposit.requestId,
    mode: deposit.mode,
    type: `deposit.${ending.outcome}`,
    occurredAt: at,
    data: {
      id: deposit.id,
      reference: deposit.reference,
      merchant_user: deposit.merchantUser,
      amount: formatAmountDot(deposit.amountCents),
      currency: deposit.currency,
      status: ending.outcome,
      ...(reason ? { reason_code: reason.reasonCode, reason: reason.reason } : {}),
    } satisfies DepositCallbackData,
  });
}
