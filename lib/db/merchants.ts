import type { DbOrTx } from "./client";

export type MerchantMode = "sandbox" | "live";

export type MerchantRecord = {
  id: string;
  name: string;
  mode: MerchantMode;
  callbackUrl: string | null;
  redirectOrigins: string[];
  createdAt: Date;
};

type MerchantRow = {
  id: string;
  name: string;
  mode: string;
  callbackUrl: string | null;
  redirectOrigins: unknown;
  createdAt: Date;
};

/** A stored row as the domain sees it (redirectOrigins parsed from JSON). */
export function toMerchantRecord(row: MerchantRow): MerchantRecord {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode === "live" ? "live" : "sandbox",
    callbackUrl: row.callbackUrl,
    redirectOrigins: Array.isArray(row.redirectOrigins) ? row.redirectOrigins.map(String) : [],
    createdAt: row.createdAt,
  };
}

export async function insertMerchant(db: DbOrTx, merchant: Omit<MerchantRecord, "createdAt">): Promise<MerchantRecord> {
  return toMerchantRecord(await db.merchant.create({ data: merchant }));
}

export async function findMerchant(db: DbOrTx, id: string): Promise<MerchantRecord | null> {
  const row = await db.merchant.findUnique({ where: { id } });
  return row ? toMerchantRecord(row) : null;
}

export async function listMerchantsWithKeys(db: DbOrTx) {
  const rows = await db.merchant.findMany({
    orderBy: { createdAt: "asc" },
    include: { apiKeys: { select: { id: true, createdAt: true, revokedAt: true }, orderBy: { createdAt: "asc" } } },
  });
  return rows.map((row) => ({ ...toMerchantRecord(row), apiKeys: row.apiKeys }));
}

export async function countMerchants(db: DbOrTx, where: { mode?: MerchantMode } = {}): Promise<number> {
  return db.merchant.count({ where });
}

export async function updateMerchantSettings(
  db: DbOrTx,
  id: string,
  settings: { callbackUrl?: string | null; redirectOrigins?: string[] },
): Promise<MerchantRecord | null> {
  const { count } = await db.merchant.updateMany({ where: { id }, data: settings });
  return count === 1 ? findMerchant(db, id) : null;
}

/** Changes a merchant's mode, conditionally on the mode it was seen in: of two switches one wins. */
export async function setMerchantMode(db: DbOrTx, id: string, from: MerchantMode, to: MerchantMode): Promise<boolean> {
  const { count } = await db.merchant.updateMany({ where: { id, mode: from }, data: { mode: to } });
  return count === 1;
}
