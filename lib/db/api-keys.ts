import type { DbOrTx } from "./client";
import { decodeRow, driverColumns, queryRow, statement } from "./driver";
import { type MerchantRecord, type MerchantRow, toMerchantRecord } from "./merchants";

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

const keyWithMerchant = statement(
  "cashier_key_with_merchant",
  `SELECT k."id" AS "keyId", k."merchantId", k."secretCiphertext", k."createdAt" AS "keyCreatedAt", k."revokedAt",
          m."name", m."mode", m."callbackUrl", m."redirectOrigins", m."providerRoutes", m."payoutApproval",
          m."payoutApprovalAboveCents", m."requestsPerMinute", m."createdAt"
   FROM "ApiKey" k JOIN "Merchant" m ON m."id" = k."merchantId"
   WHERE k."id" = ?`,
);

const { ApiKey: keyColumns, Merchant: merchantColumns } = driverColumns;
const keyWithMerchantColumns = {
  keyId: keyColumns.id,
  merchantId: keyColumns.merchantId,
  secretCiphertext: keyColumns.secretCiphertext,
  keyCreatedAt: keyColumns.createdAt,
  revokedAt: keyColumns.revokedAt,
  name: merchantColumns.name,
  mode: merchantColumns.mode,
  callbackUrl: merchantColumns.callbackUrl,
  redirectOrigins: merchantColumns.redirectOrigins,
  providerRoutes: merchantColumns.providerRoutes,
  payoutApproval: merchantColumns.payoutApproval,
  payoutApprovalAboveCents: merchantColumns.payoutApprovalAboveCents,
  requestsPerMinute: merchantColumns.requestsPerMinute,
  createdAt: merchantColumns.createdAt,
};

/**
 * The key and its merchant, for verifying a token that names the key in its kid: every API
 * request runs it, on the process's database through the driver (lib/db/driver).
 */
export async function findApiKeyWithMerchant(
  keyId: string,
): Promise<{ key: ApiKeyRecord; merchant: MerchantRecord } | null> {
  const found = await queryRow(keyWithMerchant, [keyId]);
  if (!found) return null;
  const row = decodeRow(found, keyWithMerchantColumns);
  return {
    key: {
      id: row.keyId as string,
      merchantId: row.merchantId as string,
      secretCiphertext: row.secretCiphertext as string,
      createdAt: row.keyCreatedAt as Date,
      revokedAt: row.revokedAt as Date | null,
    },
    merchant: toMerchantRecord({ ...(row as unknown as Omit<MerchantRow, "id">), id: row.merchantId as string }),
  };
}

export async function findActiveApiKeys(db: DbOrTx, merchantId: string): Promise<ApiKeyRecord[]> {
  return db.apiKey.findMany({ where: { merchantId, revokedAt: null }, orderBy: { createdAt: "asc" } });
}

/**
 * Sets revokedAt once, conditionally, so of two revocations one takes effect: `isRevokedNow` says
 * whether this one did. Null when the key does not exist.
 */
export async function markApiKeyRevoked(
  db: DbOrTx,
  keyId: string,
  at: Date,
): Promise<{ key: ApiKeyRecord; isRevokedNow: boolean } | null> {
  const { count } = await db.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: at } });
  const key = await findApiKey(db, keyId);
  return key ? { key, isRevokedNow: count === 1 } : null;
}

/** Revokes every active key of a merchant at once; the ids revoked. */
export async function revokeActiveApiKeys(db: DbOrTx, merchantId: string, at: Date): Promise<string[]> {
  const active = await findActiveApiKeys(db, merchantId);
  await db.apiKey.updateMany({
    where: { id: { in: active.map((key) => key.id) }, revokedAt: null },
    data: { revokedAt: at },
  });
  return active.map((key) => key.id);
}

/** A merchant's keys, newest first, revoked ones too: what the console lists. */
export async function listMerchantApiKeys(db: DbOrTx, merchantId: string) {
  return db.apiKey.findMany({
    where: { merchantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, createdAt: true, revokedAt: true, lastUsedAt: true },
  });
}

/**
 * Records that a key signed a request that verified, unless that was already recorded less than
 * `minIntervalMs` before: at most one write per key per interval, across every server process.
 */
export async function touchApiKeyLastUsed(db: DbOrTx, keyId: string, at: Date, minIntervalMs: number): Promise<void> {
  await db.apiKey.updateMany({
    where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(at.getTime() - minIntervalMs) } }] },
    data: { lastUsedAt: at },
  });
}
