import type { DbOrTx } from "./client";

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
  // Every API request claims one: a raw statement (no query compilation), and ON CONFLICT (both
  // databases) answers a replay with no row inserted rather than an error to catch.
  const inserted = await db.$executeRaw`
    INSERT INTO "UsedJti" ("keyId", "jti", "expiresAt") VALUES (${entry.keyId}, ${entry.jti}, ${entry.expiresAt})
    ON CONFLICT DO NOTHING`;
  return inserted === 1;
}
