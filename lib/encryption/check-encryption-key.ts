// Whether CASHIER_ENCRYPTION_KEY is the key this database's secrets were sealed under, asked of a
// canary: a known value sealed in the database on the first start. npm start's primary and each
// CLI command ask before anything opens a secret, so a wrong or lost key stops them with the id of
// the key they need, where it used to start and answer every merchant request with a 500.
import { getConfig } from "../config/config";
import { type KeyRing, type SealingKey, ringKeys } from "../crypto/key-ring";
import { encryptSecret, openSecret } from "../crypto/secret-box";
import { type DbOrTx, getDb } from "../db/client";
import { type EncryptionCanaryRecord, findEncryptionCanary, insertEncryptionCanary } from "../db/encryption-canary";
import { SEALED_COLUMNS, type SealedRow, type SealedTable, findNewestSealedValue } from "../db/sealed-values";
import { sealedAssociatedData } from "./sealed-columns";

export const CANARY_TEXT = "cashier encryption canary";
export const CANARY_DATA = "encryption-canary";

/** The key given cannot open this database's secrets: the process must not serve. */
export class EncryptionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EncryptionKeyError";
  }
}

/** keyId: the key that opened the canary; isResealDue: it is a previous key, not the current. */
export type EncryptionKeyCheck = { keyId: string; isResealDue: boolean };

function givenKeys(keys: KeyRing): string {
  const previous = keys.previous.map((key) => key.id).join(", ");
  return `CASHIER_ENCRYPTION_KEY has id ${keys.current.id}${previous ? `, CASHIER_ENCRYPTION_PREVIOUS_KEYS ids ${previous}` : ""}`;
}

/**
 * The key that opens the secrets already stored, from the newest value of each sealed column (a
 * database from before canaries, or before a migration's data step writes under the key); the
 * current key when there are none. A key that opens none of them is refused before it writes.
 */
export function keyOfStoredValues(keys: KeyRing, newest: { table: SealedTable; row: SealedRow }[]): SealingKey {
  let found = keys.current;
  for (const { table, row } of newest) {
    let keyId: string;
    try {
      keyId = openSecret(keys, row.sealed, sealedAssociatedData[table](row.id)).keyId;
    } catch {
      throw new EncryptionKeyError(
        `the encryption key does not open the secrets stored in this database (${table} ${row.id}): ${givenKeys(keys)}. ` +
          "Start with the key they were sealed under (docs/operating.md, Backups and restore).",
      );
    }
    if (keyId !== keys.current.id) found = ringKeys(keys).find((key) => key.id === keyId) ?? found;
  }
  return found;
}

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
      `wrong encryption key: this database's secrets are sealed under key id ${canary.keyId}, and ${givenKeys(keys)}. ` +
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
