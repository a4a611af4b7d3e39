// A payout's final state, committed with everything it implies: the funds (a completed payout
// debits what it reserved, a canceled one releases it) and one callback. Conditional on the
// payout still being processing, so of two finishers (a webhook and reconciliation, or two
// markings) one commits and the other changes nothing.
import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import type { Tx } from "../db/client";
import type { Actor, PayoutRecord } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { formatAmountDot } from "../money/format-amount";
import type { PayoutOutcome } from "../transactions/statuses";
import type { PayoutCallbackData } from "./schemas";

export type PayoutEnding =
  { outcome: "completed" } | { outcome: Extract<PayoutOutcome, "canceled">; reasonCode: string; reason: string };

/** Returns the callback's event id; throws state_conflict when the payout is no longer processing. */
export async function finishPayout(
  tx: Tx,
  payout: PayoutRecord,
  ending: PayoutEnding,
  options: { actor: Actor; at: Date },
): Promise<string> {
  const reason = ending.outcome === "canceled" ? { reasonCode: ending.reasonCode, reason: ending.reason } : {};
  const isChanged = await changeStatus(tx, "payout", {
    id: payout.id,
    from: "processing",
    to: ending.outcome,
    actor: options.actor,
    at: options.at,
    ...reason,
  });
  if (!isChanged) throw new AppError("state_conflict", `payout ${payout.id} changed while it was being finished`);
  await recordFundsMovement(tx, {
    merchantId: payout.merchantId,
    mode: payout.mode,
    kind: ending.outcome === "completed" ? "debit" : "release",
    amountCents: payout.amountCents,
    transactionId: payout.id,
  });
  return enqueueCallback(tx, {
    merchantId: payout.merchantId,
    objectId: payout.id,
    requestId: payout.requestId,
    mode: payout.mode,
    type: `gateway_out.${ending.outcome}`,
    occurredAt: options.at,
    data: {
      transfer_id: payout.id,
      transfers_id: payout.id,
      reference: payout.reference,
      merchant_user: payout.merchantUser,
      user_id: payout.merchantUser,
      amount: formatAmountDot(payout.amountCents),
      currency: payout.currency,
      status: ending.outcome,
      ...(ending.outcome === "canceled" ? { reason_code: ending.reasonCode, reason: ending.reason } : {}),
    } satisfies PayoutCallbackData,
  });
}
