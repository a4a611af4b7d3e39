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

type KeyWithMerchantRow = Omit<ApiKeyRecord, "id" | "createdAt"> & {
  keyId: string;
  keyCreatedAt: Date;
  name: string;
  mode: string;
  callbackUrl: string | null;
  redirectOrigins: unknown;
  providerRoutes: unknown;
  payoutApproval: string;
  payoutApprovalAboveCents: bigint | number | null;
  createdAt: Date;
};

/**
 * The key and its merchant, for verifying a token that names the key in its kid: every API
 * request runs it. One statement as raw SQL through the same client (bench/queries.ts: about a
 * quarter of the CPU of the same findUnique with include, which Prisma 6 compiles on every call);
 * the driver adapters type its columns as the model's own (dates, JSON) on both databases.
 */
export async function findApiKeyWithMerchant(
  db: DbOrTx,
  keyId: string,
): Promise<{ key: ApiKeyRecord; merchant: MerchantRecord } | null> {
  const [row] = await db.$queryRaw<KeyWithMerchantRow[]>`
    SELECT k."id" AS "keyId", k."merchantId", k."secretCiphertext", k."createdAt" AS "keyCreatedAt", k."revokedAt",
           m."name", m."mode", m."callbackUrl", m."redirectOrigins", m."providerRoutes", m."payoutApproval",
           m."payoutApprovalAboveCents", m."createdAt"
    FROM "ApiKey" k JOIN "Merchant" m ON m."id" = k."merchantId"
    WHERE k."id" = ${keyId}`;
  if (!row) return null;
  return {
    key: {
      id: row.keyId,
      merchantId: row.merchantId,
      secretCiphertext: row.secretCiphertext,
      createdAt: row.keyCreatedAt,
      revokedAt: row.revokedAt,
    },
    merchant: toMerchantRecord({ ...row, id: row.merchantId }),
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
