// `keys status`: the configured keys' ids, the canary's, and how many sealed values each key id
// holds per table ("v1": sealed before values named their key), read without opening any.
import { getConfig } from "../config/config";
import { sealedKeyId } from "../crypto/secret-box";
import { type DbOrTx, getDb } from "../db/client";
import { findEncryptionCanary } from "../db/encryption-canary";
import { SEALED_COLUMNS, type SealedTable, readSealedValues } from "../db/sealed-values";

export type SealedValueCounts = {
  currentKeyId: string;
  previousKeyIds: string[];
  canaryKeyId: string | null;
  tables: Record<SealedTable, Record<string, number>>;
};

export async function countSealedValues(db: DbOrTx = getDb()): Promise<SealedValueCounts> {
  const keys = getConfig().encryptionKeys;
  const tables = {} as Record<SealedTable, Record<string, number>>;
  for (const table of Object.keys(SEALED_COLUMNS) as SealedTable[]) {
    const counts: Record<string, number> = {};
    for await (const rows of readSealedValues(db, table)) {
      for (const row of rows) {
        const keyId = sealedKeyId(row.sealed) ?? "v1";
        counts[keyId] = (counts[keyId] ?? 0) + 1;
      }
    }
    tables[table] = counts;
  }
  return {
    currentKeyId: keys.current.id,
    previousKeyIds: keys.previous.map((key) => key.id),
    canaryKeyId: (await findEncryptionCanary(db))?.keyId ?? null,
    tables,
  };
}
