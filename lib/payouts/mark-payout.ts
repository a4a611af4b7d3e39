// An operator marks a payout completed or canceled (the spec's two states), through the provider
// that carries it out. Single-flight: the payout is first claimed (pending → processing, a
// conditional update, committed), so of several markings one reaches the provider; the provider
// is called outside any transaction with the transfer id as its idempotency key; then the final
// state, the funds movement and the callback commit together.
import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import { type Tx, getDb } from "../db/client";
import { type PayoutRecord, findTransaction, reclaimProcessingTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { formatAmountDot } from "../money/format-amount";
import { findProviderByName } from "../providers/find-provider";
import { isBeingMarked } from "../transactions/statuses";
import type { PayoutCallbackData } from "./schemas";

export type PayoutMarking =
  | { transferId: string; outcome: "completed"; isResume?: boolean }
  | { transferId: string; outcome: "canceled"; reasonCode: string; reason: string; isResume?: boolean };

/**
 * How long a payout must have been processing before `--resume` may take it over: a marking that
 * crashed between the provider call and the final state. Shorter would let a resume race a
 * marking still under way; the transfer id keeps even that to one transfer at the provider.
 */
export const RESUME_AFTER_MS = 2 * 60_000;

async function claim(marking: PayoutMarking, payout: PayoutRecord, at: Date): Promise<void> {
  if (marking.isResume) {
    if (!isBeingMarked(payout.status))
      throw new AppError(
        "state_conflict",
        `payout ${payout.id} is ${payout.status}, not processing: nothing to resume`,
      );
    const idleMs = at.getTime() - payout.updatedAt.getTime();
    if (idleMs < RESUME_AFTER_MS) {
      throw new AppError(
        "state_conflict",
        `payout ${payout.id} has been processing for ${Math.round(idleMs / 1000)} s; it can be resumed after ${RESUME_AFTER_MS / 1000} s`,
      );
    }
    // The provider may have moved the money already: a resume finishes the marking that was
    // started, never the opposite one.
    if (payout.claimedOutcome !== marking.outcome) {
      throw new AppError(
        "state_conflict",
        `payout ${payout.id} was being marked ${payout.claimedOutcome ?? "otherwise"}; resume it with that outcome`,
      );
    }
    if (!(await reclaimProcessingTransaction(getDb(), payout.id, payout.updatedAt))) {
      throw new AppError("state_conflict", `payout ${payout.id} was resumed by someone else`);
    }
    return;
  }
  if (isBeingMarked(payout.status)) {
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} is being marked by someone else; if that marking crashed, use --resume after ${RESUME_AFTER_MS / 1000} s`,
    );
  }
  const isClaimed = await changeStatus(getDb(), "payout", {
    id: payout.id,
    from: payout.status,
    to: "processing",
    actor: "operator",
    at,
    claimedOutcome: marking.outcome,
    note: `marking ${marking.outcome}`,
  });
  if (!isClaimed) throw new AppError("state_conflict", `payout ${payout.id} was just marked by someone else`);
}

/**
 * `alsoRecord` writes inside the transaction that commits the final state (the console's audit
 * event), so the record exists exactly when the marking does.
 */
export async function markPayout(
  marking: PayoutMarking,
  alsoRecord?: (tx: Tx, payout: PayoutRecord) => Promise<unknown>,
) {
  const payout = await findTransaction(getDb(), marking.transferId);
  if (!payout || payout.operation !== "gateway_out") throw new AppError("not_found", `no payout ${marking.transferId}`);
  await claim(marking, payout, new Date());

  try {
    await findProviderByName(payout.provider).settlePayout({ transferId: payout.id, outcome: marking.outcome });
  } catch (error) {
    // Nothing moved: the payout is pending again and can be marked again.
    await changeStatus(getDb(), "payout", {
      id: payout.id,
      from: "processing",
      to: "pending",
      actor: "system",
      at: new Date(),
    });
    throw error;
  }

  const reason = marking.outcome === "canceled" ? { reasonCode: marking.reasonCode, reason: marking.reason } : {};
  const at = new Date();
  const eventId = await getDb().$transaction(async (tx) => {
    const isChanged = await changeStatus(tx, "payout", {
      id: payout.id,
      from: "processing",
      to: marking.outcome,
      actor: "operator",
      at,
      ...reason,
    });
    if (!isChanged) throw new AppError("state_conflict", `payout ${payout.id} changed while it was being marked`);
    await alsoRecord?.(tx, payout);
    await recordFundsMovement(tx, {
      merchantId: payout.merchantId,
      mode: payout.mode,
      kind: marking.outcome === "completed" ? "debit" : "release",
      amountCents: payout.amountCents,
      transactionId: payout.id,
    });
    return enqueueCallback(tx, {
      merchantId: payout.merchantId,
      objectId: payout.id,
      type: `gateway_out.${marking.outcome}`,
      occurredAt: at,
      data: {
        transfer_id: payout.id,
        transfers_id: payout.id,
        reference: payout.reference,
        merchant_user: payout.merchantUser,
        user_id: payout.merchantUser,
        amount: formatAmountDot(payout.amountCents),
        currency: payout.currency,
        status: marking.outcome,
        ...(marking.outcome === "canceled" ? { reason_code: marking.reasonCode, reason: marking.reason } : {}),
      } satisfies PayoutCallbackData,
    });
  });
  return { transfer_id: payout.id, mode: payout.mode, status: marking.outcome, event_id: eventId };
}
