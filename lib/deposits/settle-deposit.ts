import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import type { Tx } from "../db/client";
import type { Actor, DepositRecord } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { formatAmountDot } from "../money/format-amount";
import type { DepositStatus } from "../transactions/statuses";
import type { DepositCallbackData } from "./schemas";

export type DepositOutcome = Extract<DepositStatus, "paid" | "failed" | "expired">;

/**
 * Moves a pending deposit to a final state, credits the merchant's funds when it is paid, and
 * writes its callback (deposit.paid, deposit.failed, deposit.expired) to the outbox, inside the
 * caller's transaction. A deposit that is no longer pending is not changed: terminal states never
 * change (contract section 4). A paid deposit keeps the end-to-end id of the Pix that paid it,
 * which its refunds name.
 */
export async function settleDeposit(
  tx: Tx,
  deposit: DepositRecord,
  outcome: DepositOutcome,
  actor: Actor,
  at: Date = new Date(),
  endToEndId?: string,
): Promise<string> {
  const isChanged = await changeStatus(tx, "deposit", {
    id: deposit.id,
    from: deposit.status,
    to: outcome,
    actor,
    at,
    pixEndToEndId: endToEndId,
  });
  if (!isChanged) {
    throw new AppError("state_conflict", `deposit ${deposit.id} is no longer pending; a final state never changes`);
  }
  if (outcome === "paid") {
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
    type: `deposit.${outcome}`,
    occurredAt: at,
    data: {
      id: deposit.id,
      reference: deposit.reference,
      merchant_user: deposit.merchantUser,
      amount: formatAmountDot(deposit.amountCents),
      currency: deposit.currency,
      status: outcome,
    } satisfies DepositCallbackData,
  });
}
