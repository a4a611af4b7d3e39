import { getDb } from "./client";
import { execute, statement } from "./driver";

/**
 * How often a process sweeps expired entries. An entry past its token's expiry guards nothing (the
 * token is refused as expired anyway), so sweeping is housekeeping: once a minute keeps the table
 * small without a DELETE on every request.
 */
export const JTI_SWEEP_INTERVAL_MS = 60_000;

let nextSweepAt = 0;

const claim = statement(
  "cashier_claim_jti",
  `INSERT INTO "UsedJti" ("keyId", "jti", "expiresAt") VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
);

/**
 * Records a token's jti. False when the same key already used it: a replay. Entries are kept until
 * the token they came from expires; expired ones are swept on the way, at most once a minute.
 * Every API request claims one, on the process's database through the driver (lib/db/driver); ON
 * CONFLICT (both databases) answers a replay with no row inserted rather than an error to catch.
 */
export async function claimJti(entry: { keyId: string; jti: string; expiresAt: Date }, now: Date): Promise<boolean> {
  if (now.getTime() >= nextSweepAt) {
    nextSweepAt = now.getTime() + JTI_SWEEP_INTERVAL_MS;
    await getDb().usedJti.deleteMany({ where: { expiresAt: { lt: now } } });
  }
  return (await execute(claim, [entry.keyId, entry.jti, entry.expiresAt])) === 1;
}
