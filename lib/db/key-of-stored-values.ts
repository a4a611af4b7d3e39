// Which of the given keys opens the secrets already stored: what the first start's canary is sealed
// under, and what a migration's data step checks before it writes under the key. In lib/db, below
// the migrations that call it; it reads nothing itself.
import { type KeyRing, type SealingKey, ringKeys } from "../crypto/key-ring";
import { openSecret } from "../crypto/secret-box";
import { type SealedRow, type SealedTable, sealedAssociatedData } from "./sealed-values";

/** The key given cannot open this database's secrets: the process must not serve. */
export class EncryptionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EncryptionKeyError";
  }
}

/** The ids of the keys given, never the keys: what a refusal may say. */
export function describeGivenKeys(keys: KeyRing): string {
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
        `the encryption key does not open the secrets stored in this database (${table} ${row.id}): ${describeGivenKeys(keys)}. ` +
          "Start with the key they were sealed under (docs/operating.md, Backups and restore).",
      );
    }
    if (keyId !== keys.current.id) found = ringKeys(keys).find((key) => key.id === keyId) ?? found;
  }
  return found;
}
