import type { DbOrTx } from "./client";
import { isUniqueViolation } from "./errors";

/**
 * Records a token's jti. False when the same key already used it: a replay. Entries are kept until
 * the token they came from expires; expired ones are swept on the way.
 */
export async function claimJti(
  db: DbOrTx,
  entry: { keyId: string; jti: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db.usedJti.deleteMany({ where: { expiresAt: { lt: now } } });
  try {
    await db.usedJti.create({ data: entry });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
