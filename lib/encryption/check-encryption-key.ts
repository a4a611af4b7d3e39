// Whether CASHIER_ENCRYPTION_KEY is the key this database's secrets were sealed under, asked of a
// canary: a known value sealed in the database on the first start. npm start's primary and each
// CLI command ask before anything opens a secret, so a wrong or lost key stops them with the id of
// the key they need, where it used to start and answer every merchant request with a 500.
import { getConfig } from "../config/config";
import type { KeyRing } from "../crypto/key-ring";
import { encryptSecret, openSecret } from "../crypto/secret-box";
import { type DbOrTx, getDb } from "../db/client";
import { type EncryptionCanaryRecord, findEncryptionCanary, insertEncryptionCanary } from "../db/encryption-canary";
import { SEALED_COLUMNS, type SealedRow, type SealedTable, findNewestSealedValue } from "../db/sealed-values";
import { EncryptionKeyError, describeGivenKeys, keyOfStoredValues } from "../db/key-of-stored-values";

export const CANARY_TEXT = "cashier encryption canary";
export const CANARY_DATA = "encryption-canary";

/** keyId: the key that opened the canary; isResealDue: it is a previous key, not the current. */
export type EncryptionKeyCheck = { keyId: string; isResealDue: boolean };

/** The first start's canary, sealed under the key that opens the secrets already stored, the current key when there are none. */
async function writeCanary(db: DbOrTx, keys: KeyRing): Promise<EncryptionCanaryRecord> {
  const newest: { table: SealedTable; row: SealedRow }[] = [];
  for (const table of Object.keys(SEALED_COLUMNS) as SealedTable[]) {
    const row = await findNewestSealedValue(db, table);
    if (row) newest.push({ table, row });
  }
  const sealingKey = keyOfStoredValues(keys, newest);
  return insertEncryptionCanary(db, {
    keyId: sealingKey.id,
    sealed: encryptSecret({ current: sealingKey, previous: [] }, CANARY_TEXT, CANARY_DATA),
  });
}

/** Opens the canary (writing it on the first start); throws EncryptionKeyError when no key given opens it. */
export async function checkEncryptionKey(db: DbOrTx = getDb()): Promise<EncryptionKeyCheck> {
  const keys = getConfig().encryptionKeys;
  const canary = (await findEncryptionCanary(db)) ?? (await writeCanary(db, keys));
  let opened: { plaintext: string; keyId: string } | null = null;
  try {
    opened = openSecret(keys, canary.sealed, CANARY_DATA);
  } catch {
    // Another key, or an altered row: either way nothing sealed here would open.
  }
  if (opened?.plaintext !== CANARY_TEXT) {
    throw new EncryptionKeyError(
      `wrong encryption key: this database's secrets are sealed under key id ${canary.keyId}, and ${describeGivenKeys(keys)}. ` +
        `Start with the key whose id is ${canary.keyId}, or list it in CASHIER_ENCRYPTION_PREVIOUS_KEYS ` +
        "during a rotation (docs/operating.md, Rotating the encryption key).",
    );
  }
  return { keyId: opened.keyId, isResealDue: opened.keyId !== keys.current.id };
}

const TRUSTED_FOR_MS = 60_000;
let lastSuccess: { at: number; check: EncryptionKeyCheck } | null = null;

/**
 * checkEncryptionKey for readiness probes, every few seconds from each load balancer: a success
 * is trusted for a minute (a database restored under a running instance shows within it), a
 * failure is asked again at the next probe.
 */
export async function checkEncryptionKeyCached(now = Date.now()): Promise<EncryptionKeyCheck> {
  if (lastSuccess && now - lastSuccess.at < TRUSTED_FOR_MS) return lastSuccess.check;
  const check = await checkEncryptionKey();
  lastSuccess = { at: now, check };
  return check;
}
