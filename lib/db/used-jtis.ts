import type { DbOrTx } from "./client";
import { isUniqueViolation } from "./errors";

/**
 * How often a process sweeps expired entries. An entry past its token's expiry guards nothing (the
 * token is refused as expired anyway), so sweeping is housekeeping: once a minute keeps the table
 * small without a DELETE on every request.
 */
export const JTI_SWEEP_INTERVAL_MS = 60_000;

let nextSweepAt = 0;

/**
 * Records a token's jti. False when the same key already used it: a replay. Entries are kept until
 * the token they came from expires; expired ones are swept on the way, at most once a minute.
 */
export async function claimJti(
  db: DbOrTx,
  entry: { keyId: string; jti: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  if (now.getTime() >= nextSweepAt) {
    nextSweepAt = now.getTime() + JTI_SWEEP_INTERVAL_MS;
    await db.usedJti.deleteMany({ where: { expiresAt: { lt: now } } });
  }
  try {
    await db.usedJti.create({ data: entry });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
