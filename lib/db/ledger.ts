import type { DbOrTx } from "./client";
import { type Keyset, type PageRequest, keysetOrder, keysetWhere } from "./keyset";

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
  entry: {
    id: string;
    merchantId: string;
    mode: string;
    kind: LedgerKind;
    availableDeltaCents: bigint;
    reservedDeltaCents: bigint;
    transactionId?: string;
    memo?: string;
  },
): Promise<void> {
  await db.ledgerEntry.create({ data: entry });
}

export type LedgerEntryRecord = {
  id: string;
  kind: LedgerKind;
  availableDeltaCents: bigint;
  reservedDeltaCents: bigint;
  transactionId: string | null;
  memo: string | null;
  createdAt: Date;
};

const entryColumns = {
  id: true,
  kind: true,
  availableDeltaCents: true,
  reservedDeltaCents: true,
  transactionId: true,
  memo: true,
  createdAt: true,
} as const;

/** One page of one mode's ledger, read away from the cursor (lib/db/keyset). */
export async function listLedgerEntries(
  db: DbOrTx,
  options: { merchantId: string; mode: string; page: PageRequest },
): Promise<LedgerEntryRecord[]> {
  const rows = await db.ledgerEntry.findMany({
    where: { merchantId: options.merchantId, mode: options.mode, ...keysetWhere(options.page) },
    orderBy: keysetOrder(options.page),
    take: options.page.limit,
    select: entryColumns,
  });
  return rows.map((row) => ({ ...row, kind: row.kind as LedgerKind }));
}

/** The balance right after one entry: the sums of that entry and every one before it (createdAt, then id). */
export async function sumMerchantLedgerThrough(
  db: DbOrTx,
  options: { merchantId: string; mode: string; through: Keyset },
): Promise<Balance> {
  const { createdAt, id } = options.through;
  const sums = await db.ledgerEntry.aggregate({
    where: {
      merchantId: options.merchantId,
      mode: options.mode,
      createdAt: { lte: createdAt },
      OR: [{ createdAt: { lt: createdAt } }, { id: { lte: id } }],
    },
    _sum: { availableDeltaCents: true, reservedDeltaCents: true },
  });
  return { availableCents: sums._sum.availableDeltaCents ?? 0n, reservedCents: sums._sum.reservedDeltaCents ?? 0n };
}

/** Whether a merchant has money recorded in a mode (one switched between modes has both). */
export async function hasLedgerEntries(db: DbOrTx, merchantId: string, mode: string): Promise<boolean> {
  return (await db.ledgerEntry.findFirst({ where: { merchantId, mode }, select: { id: true } })) !== null;
}

/** Every merchant's balance per mode, in one grouped query. */
export async function sumLedgerByMerchant(db: DbOrTx): Promise<(Balance & { merchantId: string; mode: string })[]> {
  const groups = await db.ledgerEntry.groupBy({
    by: ["merchantId", "mode"],
    _sum: { availableDeltaCents: true, reservedDeltaCents: true },
  });
  return groups.map((group) => ({
    merchantId: group.merchantId,
    mode: group.mode,
    availableCents: group._sum.availableDeltaCents ?? 0n,
    reservedCents: group._sum.reservedDeltaCents ?? 0n,
  }));
}
