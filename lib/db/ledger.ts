import type { DbOrTx } from "./client";

export type LedgerKind = "credit" | "reserve" | "release" | "debit";

export type Balance = { availableCents: bigint; reservedCents: bigint };

/**
 * Takes the merchant's funds lock for the rest of the transaction: a write to its row, which
 * PostgreSQL holds until commit and SQLite turns into the database's write lock.
 */
export async function lockMerchantFunds(tx: DbOrTx, merchantId: string): Promise<void> {
  await tx.merchant.update({ where: { id: merchantId }, data: { fundsLock: { increment: 1 } } });
}

/** One mode's balance: sandbox money and live money are never added together. */
export async function sumMerchantLedger(db: DbOrTx, merchantId: string, mode: string): Promise<Balance> {
  const sums = await db.ledgerEntry.aggregate({
    where: { merchantId, mode },
    _sum: { availableDeltaCents: true, reservedDeltaCents: true },
  });
  return { availableCents: sums._sum.availableDeltaCents ?? 0n, reservedCents: sums._sum.reservedDeltaCents ?? 0n };
}

export async function appendLedgerEntry(
  db: DbOrTx,
  entry: { id: string; merchantId: string; mode: string; kind: LedgerKind; availableDeltaCents: bigint; reservedDeltaCents: bigint; transactionId?: string; memo?: string },
): Promise<void> {
  await db.ledgerEntry.create({ data: entry });
}
