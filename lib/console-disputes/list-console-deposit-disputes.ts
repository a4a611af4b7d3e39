import { type Actor, merchantScopeOf } from "../access/actor";
import { getDb } from "../db/client";
import { type DisputeRecord, listDepositDisputes } from "../db/disputes";

/** A dispute as its deposit's page shows it. */
export type DepositDispute = DisputeRecord;

/**
 * A deposit's disputes, oldest first, for its page in the console: none of another merchant's (the
 * page has already answered that deposit as one that does not exist).
 */
export async function listConsoleDepositDisputes(actor: Actor, depositId: string): Promise<DepositDispute[]> {
  const scope = merchantScopeOf(actor);
  const disputes = await listDepositDisputes(getDb(), depositId);
  return disputes.filter((dispute) => scope === null || dispute.merchantId === scope);
}
