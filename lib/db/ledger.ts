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

type ComparedRow = {
  merchantId: string;
  mode: string;
  rowAvailable: bigint | number | null;
  rowReserved: bigint | number | null;
  rowEntries: bigint | number | null;
  ledgerAvailable: bigint | number | null;
  ledgerReserved: bigint | number | null;
  ledgerEntries: bigint | number | null;
};

/**
 * Every balance row against its ledger's sequenced entries, recomputed: the sums and the count
 * must agree. One statement, so rows and ledger are read in one snapshot on either database: an
 * entry committed while the check runs is in both or in neither, never a false difference.
 * Whole-table reads, for `funds verify` and reconciliation's daily check.
 */
export async function findBalanceDifferences(
  db: DbOrTx,
): Promise<{ checked: number; differences: BalanceDifference[] }> {
  const rows = await db.$queryRaw<ComparedRow[]>`
    WITH "ledger" AS (
      SELECT "merchantId", "mode",
        CAST(SUM("availableDeltaCents") AS BIGINT) AS "available",
        CAST(SUM("reservedDeltaCents") AS BIGINT) AS "reserved",
        COUNT(*) AS "entries"
      FROM "LedgerEntry" WHERE "sequence" IS NOT NULL
      GROUP BY "merchantId", "mode"
    )
    SELECT b."merchantId", b."mode", b."availableCents" AS "rowAvailable", b."reservedCents" AS "rowReserved",
      b."entries" AS "rowEntries", l."available" AS "ledgerAvailable", l."reserved" AS "ledgerReserved",
      l."entries" AS "ledgerEntries"
    FROM "MerchantBalance" b
    LEFT JOIN "ledger" l ON l."merchantId" = b."merchantId" AND l."mode" = b."mode"
    UNION ALL
    SELECT l."merchantId", l."mode", NULL, NULL, NULL, l."available", l."reserved", l."entries"
    FROM "ledger" l
    WHERE NOT EXISTS (SELECT 1 FROM "MerchantBalance" b WHERE b."merchantId" = l."merchantId" AND b."mode" = l."mode")`;
  const side = (
    available: ComparedRow["rowAvailable"],
    reserved: ComparedRow["rowReserved"],
    entries: ComparedRow["rowEntries"],
  ) => ({
    availableCents: BigInt(available ?? 0),
    reservedCents: BigInt(reserved ?? 0),
    entries: Number(entries ?? 0),
  });
  const differences: BalanceDifference[] = [];
  for (const compared of rows) {
    const row = side(compared.rowAvailable, compared.rowReserved, compared.rowEntries);
    const ledger = side(compared.ledgerAvailable, compared.ledgerReserved, compared.ledgerEntries);
    if (
      row.availableCents !== ledger.availableCents ||
      row.reservedCents !== ledger.reservedCents ||
      row.entries !== ledger.entries
    )
      differences.push({ merchantId: compared.merchantId, mode: compared.mode, row, ledger });
  }
  return { checked: rows.filter((compared) => compared.rowEntries !== null).length, differences };
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
