// The console's overview: transactions counted and summed per Brasília day, in the database (one
// grouped query each, whatever the number of rows). Days are UTC−3 all year: Brazil dropped summer
// time in 2019. The only SQL that differs between the two databases is how a timestamp becomes its
// day: SQLite stores Prisma's DateTime as ISO text, PostgreSQL as a timestamp in UTC.
import { getConfig } from "../config/config";
import type { DbOrTx } from "./client";
import { resolveDatabaseUrl } from "./database-url";
import { Prisma } from "./generated/sqlite/client";

export type DayCount = { day: string; count: number; amountCents: bigint };
export type DayConversion = { day: string; created: number; paid: number };

function dayOf(column: "createdAt" | "settledAt"): Prisma.Sql {
  return resolveDatabaseUrl(getConfig().databaseUrl).provider === "postgres"
    ? Prisma.raw(`to_char("${column}" - interval '3 hours', 'YYYY-MM-DD')`)
    : Prisma.raw(`date("${column}", '-3 hours')`);
}

/** A bound on a DateTime column, in the form each database compares it with. */
function since(column: "createdAt" | "settledAt", at: Date): Prisma.Sql {
  return resolveDatabaseUrl(getConfig().databaseUrl).provider === "postgres"
    ? Prisma.sql`${Prisma.raw(`"${column}"`)} >= ${at}`
    : // Prisma writes "2026-01-31T12:00:00.000+00:00"; the same form compares as text in time order.
      Prisma.sql`${Prisma.raw(`"${column}"`)} >= ${at.toISOString().replace("Z", "+00:00")}`;
}

const merchantFilter = (merchantId: string | null) =>
  merchantId ? Prisma.sql`AND "merchantId" = ${merchantId}` : Prisma.empty;

export type ActivityFilter = { merchantId: string | null; mode: string; from: Date };

/**
 * Deposits created per day, and how many of those have been paid since: the conversion. A Gateway
 * In link left before its customer typed an amount (zero, lib/transactions/has-amount)
 * is no deposit a customer tried to pay.
 */
export async function countDepositsCreatedByDay(db: DbOrTx, filter: ActivityFilter): Promise<DayConversion[]> {
  const rows = await db.$queryRaw<{ day: string; created: bigint | number; paid: bigint | number }[]>`
    SELECT ${dayOf("createdAt")} AS day, COUNT(*) AS created, SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END) AS paid
    FROM "Transaction"
    WHERE ${since("createdAt", filter.from)} AND operation <> 'gateway_out' AND "amountCents" > 0 AND mode = ${filter.mode} ${merchantFilter(filter.merchantId)}
    GROUP BY 1`;
  return rows.map((row) => ({ day: row.day, created: Number(row.created), paid: Number(row.paid) }));
}

/** Deposits paid and payouts completed per day of their settlement: how many, and how much. */
export async function sumSettledByDay(
  db: DbOrTx,
  filter: ActivityFilter,
): Promise<{ deposits: DayCount[]; payouts: DayCount[] }> {
  const rows = await db.$queryRaw<
    { day: string; is_payout: bigint | number; count: bigint | number; cents: bigint | number | string }[]
  >`
    SELECT ${dayOf("settledAt")} AS day, CASE WHEN operation = 'gateway_out' THEN 1 ELSE 0 END AS is_payout,
           COUNT(*) AS count, CAST(SUM("amountCents") AS TEXT) AS cents
    FROM "Transaction"
    WHERE ${since("settledAt", filter.from)} AND status IN ('paid', 'completed') AND mode = ${filter.mode} ${merchantFilter(filter.merchantId)}
    GROUP BY 1, 2`;
  const totalsOf = (isPayout: boolean): DayCount[] =>
    rows
      .filter((row) => (Number(row.is_payout) === 1) === isPayout)
      .map((row) => ({ day: row.day, count: Number(row.count), amountCents: BigInt(row.cents) }));
  return { deposits: totalsOf(false), payouts: totalsOf(true) };
}
