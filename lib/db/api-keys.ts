import type { DbOrTx } from "./client";
import { type MerchantRecord, toMerchantRecord } from "./merchants";

export type ApiKeyRecord = {
  id: string;
  merchantId: string;
  secretCiphertext: string;
  createdAt: Date;
  revokedAt: Date | null;
};

export async function insertApiKey(
  db: DbOrTx,
  key: { id: string; merchantId: string; secretCiphertext: string },
): Promise<ApiKeyRecord> {
  return db.apiKey.create({ data: key });
}

export async function findApiKey(db: DbOrTx, keyId: string): Promise<ApiKeyRecord | null> {
  return db.apiKey.findUnique({ where: { id: keyId } });
}

/** The key and its merchant, for verifying a token that names the key in its kid. */
export async function findApiKeyWithMerchant(
  db: DbOrTx,
  keyId: string,
): Promise<{ key: ApiKeyRecord; merchant: MerchantRecord } | null> {
  const row = await db.apiKey.findUnique({ where: { id: keyId }, include: { merchant: true } });
  if (!row) return null;
  const { merchant, ...key } = row;
  return { key, merchant: toMerchantRecord(merchant) };
}

export async function findActiveApiKeys(db: DbOrTx, merchantId: string): Promise<ApiKeyRecord[]> {
  return db.apiKey.findMany({ where: { merchantId, revokedAt: null }, orderBy: { createdAt: "asc" } });
}

/** Sets revokedAt once; returns null when the key does not exist. */
export async function markApiKeyRevoked(db: DbOrTx, keyId: string, at: Date): Promise<ApiKeyRecord | null> {
  const key = await findApiKey(db, keyId);
  if (!key) return null;
  if (key.revokedAt) return key;
  return db.apiKey.update({ where: { id: keyId }, data: { revokedAt: at } });
}
