import type { Tx } from "../db/client";
import { listDepositDisputes, setDisputeHeld } from "../db/disputes";

/**
 * A MED devolucao of a disputed deposit leaves from what its disputes hold, not from the balance a
 * second time: takes up to `amountCents` from their holds (the caller holds the merchant's funds
 * lock) and answers how much was taken, which is already reserved.
 */
export async function spendDisputeHold(tx: Tx, depositId: string, amountCents: bigint): Promise<bigint> {
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
