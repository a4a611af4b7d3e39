import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { type PayoutRecord, findTransaction } from "../db/transactions";
import { findProvider } from "../providers/registry";
import { type PayoutOutcome, isPayoutOutcome } from "../transactions/statuses";
import { transferIdSchema } from "./schemas";

// The queue's address names only the payout's id, and what it announces is read here from the
// database: a crafted link cannot make the console announce an outcome that is not so.

async function findPayout(actor: Actor, transferId: string): Promise<PayoutRecord | null> {
  assertRole(actor, "operator");
  if (!transferIdSchema.safeParse(transferId).success) return null;
  const payout = await findTransaction(getDb(), transferId);
  return payout?.operation === "gateway_out" ? payout : null;
}

/** What became of a payout just marked from the queue. */
export async function findQueuedPayoutOutcome(
  actor: Actor,
  transferId: string,
): Promise<{ transferId: string; status: PayoutOutcome } | null> {
  const payout = await findPayout(actor, transferId);
  return payout && isPayoutOutcome(payout.status) ? { transferId: payout.id, status: payout.status } : null;
}

/**
 * What became of a payout just approved from the queue: still being sent (the PSP has not said,
 * or could not be reached: its webhook or reconciliation ends it), or already completed or
 * canceled by the PSP's answer, with its reason. Null for a payout still pending, or one its
 * account does not send (no approval could have sent it).
 */
export async function findApprovedPayoutOutcome(
  actor: Actor,
  transferId: string,
): Promise<{ transferId: string; status: "sending" | PayoutOutcome; reason: string | null } | null> {
  const payout = await findPayout(actor, transferId);
  if (!payout) return null;
  const status =
    payout.status === "processing" && payout.claimedOutcome === "transfer"
      ? "sending"
      : isPayoutOutcome(payout.status)
        ? payout.status
        : null;
  if (status === null) return null;
  const isSentByProvider = await findProvider(payout.provider).then(
    (provider) => provider.transfers !== undefined,
    () => false,
  );
  if (!isSentByProvider) return null;
  return { transferId: payout.id, status, reason: status === "canceled" ? payout.reason : null };
}
