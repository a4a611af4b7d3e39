// The console's disputes page: an operator's of every merchant, a merchant user's of its own, the
// undecided soonest deadline first, then the most recently closed (lib/db/disputes), each with its
// merchant's name.
import { type Actor, merchantScopeOf } from "../access/actor";
import { getDb } from "../db/client";
import { type DisputeRecord, listDisputesByDeadline } from "../db/disputes";
import { findMerchant } from "../db/merchants";

/** How many the page shows at once: the deadlines to meet are at its top. */
export const LIST_SIZE = 100;

export type ConsoleDispute = DisputeRecord & { merchantName: string };

export async function listConsoleDisputes(actor: Actor): Promise<ConsoleDispute[]> {
  const scope = merchantScopeOf(actor);
  const disputes = await listDisputesByDeadline(getDb(), { merchantId: scope ?? undefined, limit: LIST_SIZE });
  // Each merchant read once, however many of its disputes the page lists.
  const merchantIds = [...new Set(disputes.map((dispute) => dispute.merchantId))];
  const merchants = await Promise.all(merchantIds.map((id) => findMerchant(getDb(), id)));
  const names = new Map(merchantIds.map((id, index) => [id, merchants[index]?.name ?? id]));
  return disputes.map((dispute) => ({ ...dispute, merchantName: names.get(dispute.merchantId) ?? dispute.merchantId }));
}
