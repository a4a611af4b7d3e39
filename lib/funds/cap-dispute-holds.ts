import type { DbOrTx, Tx } from "../db/client";
import { listDepositDisputes, setDisputeHeld } from "../db/disputes";
import { sumRefundedCents } from "../db/refunds";
import { recordFundsMovement } from "./record-funds-movement";

/**
 * What of a deposit is still its merchant's to lose: its amount less what is refunded or being
 * refunded. No PSP returns more of a Pix than that.
 */
export async function sumReturnableCents(db: DbOrTx, deposit: { id: string; amountCents: bigint }): Promise<bigint> {
  const refunded = await sumRefundedCents(db, deposit.id);
  return deposit.amountCents > refunded ? deposit.amountCents - refunded : 0n;
}

/**
 * Disputes never hold more of a deposit than can still be returned from it: once refunds (the
 * merchant's, or a partial MED devolucao) leave less, the excess of their holds goes back to the
 * merchant, the oldest dispute keeping its hold first. Run under the merchant's funds lock, after what changed it; a
 * hold nothing could ever spend would otherwise stay reserved for good.
 */
export async function capDisputeHolds(tx: Tx, deposit: { id: string; amountCents: bigint }): Promise<void> {
  const holding = (await listDepositDisputes(tx, deposit.id)).filter((dispute) => dispute.heldCents > 0n);
  let room = await sumReturnableCents(tx, deposit);
  for (const dispute of holding) {
    const kept = dispute.heldCents < room ? dispute.heldCents : room;
    room -= kept;
    if (kept === dispute.heldCents) continue;
    await recordFundsMovement(tx, {
      merchantId: dispute.merchantId,
      mode: dispute.mode,
      kind: "release",
      amountCents: dispute.heldCents - kept,
      transactionId: deposit.id,
      memo: `dispute ${dispute.id}`,
    });
    await setDisputeHeld(tx, dispute.id, kept);
  }
}
