import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { findTransaction } from "../db/transactions";
import { type PayoutOutcome, isPayoutOutcome } from "../transactions/statuses";
import { transferIdSchema } from "./schemas";

/**
 * What became of a payout just marked from the queue, read from the database (the queue's address
 * names only its id, so a crafted link cannot make the console announce an outcome that is not so).
 */
export async function findQueuedPayoutOutcome(
  actor: Actor,
  transferId: string,
): Promise<{ transferId: string; status: PayoutOutcome } | null> {
  assertRole(actor, "operator");
  if (!transferIdSchema.safeParse(transferId).success) return null;
  const payout = await findTransaction(getDb(), transferId);
  return payout?.operation === "gateway_out" && isPayoutOutcome(payout.status)
    ? { transferId: payout.id, status: payout.status }
    : null;
}
