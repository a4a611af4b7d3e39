// The one EncryptionCanary row: a known value sealed under the encryption key (lib/encryption).
import type { DbOrTx } from "./client";
import { isUniqueViolation } from "./errors";

export type EncryptionCanaryRecord = { keyId: string; sealed: string };

const ID = "canary";

export async function findEncryptionCanary(db: DbOrTx): Promise<EncryptionCanaryRecord | null> {
  return db.encryptionCanary.findUnique({ where: { id: ID }, select: { keyId: true, sealed: true } });
}

/** Writes the canary unless one exists; the one stored either way. */
export async function insertEncryptionCanary(
  db: DbOrTx,
  canary: EncryptionCanaryRecord,
): Promise<EncryptionCanaryRecord> {
  try {
    await db.encryptionCanary.create({ data: { id: ID, ...canary } });
    return canary;
  } catch (error) {
    // Another process's first start wrote it first: theirs is the one to check.
    if (!isUniqueViolation(error)) throw error;
    const stored = await findEncryptionCanary(db);
    if (!stored) throw error;
    return stored;
  }
}

/** Replaces the canary only if it is still `from`: false when another process changed it. */
export async function replaceEncryptionCanary(
  db: DbOrTx,
  from: EncryptionCanaryRecord,
  to: EncryptionCanaryRecord,
): Promise<boolean> {
  const { count } = await db.encryptionCanary.updateMany({ where: { id: ID, sealed: from.sealed }, data: to });
  return count === 1;
}
