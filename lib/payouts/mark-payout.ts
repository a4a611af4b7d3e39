// An operator marks a payout completed or canceled (the spec's two states), through the provider
// that carries it out. The state change, the funds movement and the callback commit together.
import { enqueueCallback } from "../callbacks/enqueue-callback";
import { getDb } from "../db/client";
import { changeTransactionStatus, findTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { formatAmountDot } from "../money/format-amount";
import { findProviderByName } from "../providers/find-provider";

export type PayoutMarking =
  | { transferId: string; outcome: "completed" }
  | { transferId: string; outcome: "canceled"; reasonCode: string; reason: string };

export async function markPayout(marking: PayoutMarking) {
  const payout = await findTransaction(getDb(), marking.transferId);
  if (!payout || payout.operation !== "gateway_out") throw new AppError("not_found", `no payout ${marking.transferId}`);
  const refuse = (status: string) =>
    new AppError("state_conflict", `payout ${payout.id} is already ${status}; a completed or canceled payout cannot change`);
  if (payout.status !== "pending") throw refuse(payout.status);

  await findProviderByName(payout.provider).settlePayout({ transferId: payout.id, outcome: marking.outcome });
  const reason = marking.outcome === "canceled" ? { reasonCode: marking.reasonCode, reason: marking.reason } : {};
  const at = new Date();
  const eventId = await getDb().$transaction(async (tx) => {
    const isChanged = await changeTransactionStatus(tx, { id: payout.id, from: "pending", to: marking.outcome, actor: "operator", at, isFinal: true, ...reason });
    if (!isChanged) throw refuse("settled by someone else");
    await recordFundsMovement(tx, {
      merchantId: payout.merchantId,
      kind: marking.outcome === "completed" ? "debit" : "release",
      amountCents: payout.amountCents,
      transactionId: payout.id,
    });
    return enqueueCallback(tx, {
      merchantId: payout.merchantId,
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
      },
    });
  });
  return { transfer_id: payout.id, status: marking.outcome, event_id: eventId };
}
