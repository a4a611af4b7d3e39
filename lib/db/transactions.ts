import type { DbOrTx } from "./client";

export type TransactionRecord = {
  id: string;
  merchantId: string;
  operation: string;
  reference: string;
  status: string;
  amountCents: bigint;
  currency: string;
  createdAt: Date;
  updatedAt: Date;
};

export type TransactionLookup = { id: string } | { reference: string };

/** A merchant's transaction by id or by its reference; never another merchant's. */
export async function findMerchantTransaction(
  db: DbOrTx,
  merchantId: string,
  lookup: TransactionLookup,
): Promise<TransactionRecord | null> {
  const where = "id" in lookup ? { id: lookup.id, merchantId } : { merchantId, reference: lookup.reference };
  return db.transaction.findFirst({ where });
}

export async function insertTransaction(
  db: DbOrTx,
  row: Omit<TransactionRecord, "createdAt" | "updatedAt"> & { requestHash: string },
): Promise<TransactionRecord> {
  return db.transaction.create({ data: row });
}
