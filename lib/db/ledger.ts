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

/**
 * One mode's balance (sandbox money and live money are never added together) as its row keeps it, in O(1): the row, plus any entry the previous release
 * wrote without a sequence during a rolling deploy (found through the sequence's index; none once
 * every instance runs this release). Under lockMerchantFunds it is the balance a payout may spend.
 */
export async function readMerchantBalance(db: DbOrTx, merchantId: string, mode: string): Promise<Balance> {
  const [row, unsequenced] = await Promise.all([
    db.merchantBalance.findUnique({ where: { merchantId_mode: { merchantId, mode } } }),
    db.ledgerEntry.aggregate({
      where: { merchantId, mode, sequence: null },
      _sum: { availableDeltaCents: true, reservedDeltaCents: true },
    }),
  ]);
  return {
    availableCents: (row?.availableCents ?? 0n) + (unsequenced._sum.availableDeltaCents ?? 0n),
    reservedCents: (row?.reservedCents ?? 0n) + (unsequenced._sum.reservedDeltaCents ?? 0n),
  };
}

/**
 * Appends an entry and counts it in its balance row, in the caller's transaction: the row is
 * created or moved in one atomic statement (two entries at once, a credit beside a payout, wait
 * for each other on the row), and its new count is the entry's sequence, unique per merchant and
 * mode, so an entry counted twice or not at all cannot commit.
 */
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
  const [counted] = await db.$queryRaw<{ entries: number | bigint }[]>`
    INSERT INTO "MerchantBalance" ("merchantId", "mode", "availableCents", "reservedCents", "entries")
    VALUES (${entry.merchantId}, ${entry.mode}, ${entry.availableDeltaCents}, ${entry.reservedDeltaCents}, 1)
    ON CONFLICT ("merchantId", "mode") DO UPDATE SET
      "availableCents" = "MerchantBalance"."availableCents" + excluded."availableCents",
      "reservedCents" = "MerchantBalance"."reservedCents" + excluded."reservedCents",
      "entries" = "MerchantBalance"."entries" + 1
    RETURNING "entries"`;
  await db.ledgerEntry.create({ data: { ...entry, sequence: Number(counted.entries) } });
}

/** A balance row that does not say what its ledger sums to: both sides, as found. */
export type BalanceDifference = {
  merchantId: string;
  mode: string;
  row: Balance & { entries: number };
  ledger: Balance & { entries: number };
};

/**
 * Every balance row against its ledger's sequenced entries, recomputed: the sums and the count
 * must agree. Whole-table reads, for `funds verify` and reconciliation's daily check.
 */
export async function findBalanceDifferences(db: DbOrTx): Promise<BalanceDifference[]> {
  const [rows, groups] = await Promise.all([
    db.merchantBalance.findMany(),
    db.ledgerEntry.groupBy({
      by: ["merchantId", "mode"],
      where: { sequence: { not: null } },
      _sum: { availableDeltaCents: true, reservedDeltaCents: true },
      _count: { _all: true },
    }),
  ]);
  const key = (merchantId: string, mode: string) => `${merchantId}\u0000${mode}`;
  const ledgers = new Map(
    groups.map((group) => [
      key(group.merchantId, group.mode),
      {
        availableCents: group._sum.availableDeltaCents ?? 0n,
        reservedCents: group._sum.reservedDeltaCents ?? 0n,
        entries: group._count._all,
      },
    ]),
  );
  const none = { availableCents: 0n, reservedCents: 0n, entries: 0 };
  const differences: BalanceDifference[] = [];
  for (const row of rows) {
    const ledger = ledgers.get(key(row.merchantId, row.mode)) ?? none;
    ledgers.delete(key(row.merchantId, row.mode));
    const counted = { availableCents: row.availableCents, reservedCents: row.reservedCents, entries: row.entries };
    if (
      counted.availableCents !== ledger.availableCents ||
      counted.reservedCents !== ledger.reservedCents ||
      counted.entries !== ledger.entries
    )
      differences.push({ merchantId: row.merchantId, mode: row.mode, row: counted, ledger });
  }
  // Entries with no row at all.
  for (const [name, ledger] of ledgers) {
    const [merchantId, mode] = name.split("\u0000");
    differences.push({ merchantId, mode, row: none, ledger });
  }
  return differences;
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

/** Every merchant's balance per mode, from the rows (and any unsequenced entry, as readMerchantBalance). */
export async function readBalancesByMerchant(db: DbOrTx): Promise<(Balance & { merchantId: string; mode: string })[]> {
  const [rows, unsequenced] = await Promise.all([
    db.merchantBalance.findMany({ orderBy: [{ merchantId: "asc" }, { mode: "asc" }] }),
    db.ledgerEntry.groupBy({
      by: ["merchantId", "mode"],
      where: { sequence: null },
      _sum: { availableDeltaCents: true, reservedDeltaCents: true },
    }),
  ]);
  const balances = rows.map((row) => ({
    merchantId: row.merchantId,
    mode: row.mode,
    availableCents: row.availableCents,
    reservedCents: row.reservedCents,
  }));
  for (const late of unsequenced) {
    let balance = balances.find((found) => found.merchantId === late.merchantId && found.mode === late.mode);
    if (!balance) {
      balance = { merchantId: late.merchantId, mode: late.mode, availableCents: 0n, reservedCents: 0n };
      balances.push(balance);
    }
    balance.availableCents += late._sum.availableDeltaCents ?? 0n;
    balance.reservedCents += late._sum.reservedDeltaCents ?? 0n;
  }
  return balances;
}
