// Named leases for work one process of a deployment should do at a time (reconciliation with the
// PSP). A lease is held until it expires or its owner releases it, so a holder that dies is
// replaced once its lease has lapsed.
import type { Db } from "./client";
import { isUniqueViolation } from "./errors";

export type JobLeaseClaim = { name: string; owner: string; ttlMs: number; now: Date };

/**
 * Takes the lease when nobody holds it or its holder let it lapse, and renews it when `owner`
 * already holds it: true when `owner` holds it until now + ttlMs. Of several processes asking at
 * once exactly one gets it. Not inside a transaction: on PostgreSQL the refused insert would
 * abort it.
 */
export async function acquireJobLease(db: Db, claim: JobLeaseClaim): Promise<boolean> {
  const expiresAt = new Date(claim.now.getTime() + claim.ttlMs);
  // The condition is evaluated again on the row a concurrent update just wrote (PostgreSQL) or
  // under the one writer (SQLite), so of two takers of a lapsed lease only one matches.
  const taken = await db.jobLease.updateMany({
    where: { name: claim.name, OR: [{ owner: claim.owner }, { expiresAt: { lte: claim.now } }] },
    data: { owner: claim.owner, expiresAt },
  });
  if (taken.count === 1) return true;
  try {
    await db.jobLease.create({ data: { name: claim.name, owner: claim.owner, expiresAt } });
    return true;
  } catch (error) {
    // Someone else holds it, or created it between the update and this insert.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Gives the lease up at once, if `owner` still holds it, so the next taker need not wait for it to lapse. */
export async function releaseJobLease(db: Db, lease: { name: string; owner: string }): Promise<void> {
  await db.jobLease.deleteMany({ where: { name: lease.name, owner: lease.owner } });
}
