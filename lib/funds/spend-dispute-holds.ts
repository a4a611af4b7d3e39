import type { Tx } from "../db/client";
import { listDepositDisputes, setDisputeHeld } from "../db/disputes";

/**
 * A devolucao of a disputed deposit (the MED claw-back after a lost dispute) leaves from what its
 * disputes hold, not from the balance a second time: takes up to `amountCents` from their holds
 * (the caller holds the merchant's funds lock) and answers how much was taken, which is already
 * reserved.
 */
export async function spendDisputeHolds(tx: Tx, depositId: string, amountCents: bigint): Promise<bigint> {
  let taken = 0n;
  for (const dispute of await listDepositDisputes(tx, depositId)) {
    const left = amountCents - taken;
    if (left === 0n) break;
    if (dispute.heldCents === 0n) continue;
    const spent = dispute.heldCents < left ? dispute.heldCents : left;
    await setDisputeHeld(tx, dispute.id, dispute.heldCents - spent);
    taken += spent;
  }
  return taken;
}
