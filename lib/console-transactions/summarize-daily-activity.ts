import type { Actor } from "../access/actor";
import { getDb } from "../db/client";
import { countDepositsCreatedByDay, sumSettledByDay } from "../db/daily-activity";
import { type MerchantMode, countMerchants } from "../db/merchants";
import { chooseMerchantScope, findMerchantInScope } from "../merchants/find-merchant-in-scope";

export const ACTIVITY_DAYS = 30;

const DAY_MS = 86_400_000;
// Brasília time, UTC−3 all year since 2019: the day a merchant in Brazil calls today.
const BRASILIA_OFFSET_MS = 3 * 3_600_000;

export type DayActivity = {
  /** YYYY-MM-DD, Brasília. */
  day: string;
  depositsPaid: number;
  depositsPaidCents: bigint;
  payoutsCompleted: number;
  payoutsCompletedCents: bigint;
  /** Deposits created that day, and how many of them were paid (whenever they were). */
  depositsCreated: number;
  depositsCreatedPaid: number;
};

/** The last `count` Brasília days, oldest first, ending today. */
export function lastDays(now: Date, count: number): string[] {
  const today = Math.floor((now.getTime() - BRASILIA_OFFSET_MS) / DAY_MS);
  return Array.from({ length: count }, (_, i) => new Date((today - count + 1 + i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The overview's series: per day of the last 30, deposits paid and payouts completed (count and
 * amount, by the day they settled) and the conversion of deposits created that day into paid ones,
 * in one mode, since sandbox and live money never add up. Scoped to the merchant user's merchant,
 * or the one an operator chose, or all; the mode defaults to the merchant's, or for all merchants
 * to live once any merchant is live.
 */
export async function summarizeDailyActivity(
  actor: Actor,
  options: { merchant?: string; mode?: MerchantMode },
  now = new Date(),
) {
  const merchantId = chooseMerchantScope(actor, options.merchant);
  const db = getDb();
  const mode: MerchantMode =
    options.mode ??
    (merchantId
      ? (await findMerchantInScope(actor, merchantId)).mode
      : (await countMerchants(db, { mode: "live" })) > 0
        ? "live"
        : "sandbox");
  const days = lastDays(now, ACTIVITY_DAYS);
  const filter = { merchantId, mode, from: new Date(`${days[0]}T00:00:00-03:00`) };
  const [created, settled] = await Promise.all([countDepositsCreatedByDay(db, filter), sumSettledByDay(db, filter)]);
  const series = days.map((day): DayActivity => {
    const deposit = settled.deposits.find((row) => row.day === day);
    const payout = settled.payouts.find((row) => row.day === day);
    const conversion = created.find((row) => row.day === day);
    return {
      day,
      depositsPaid: deposit?.count ?? 0,
      depositsPaidCents: deposit?.amountCents ?? 0n,
      payoutsCompleted: payout?.count ?? 0,
      payoutsCompletedCents: payout?.amountCents ?? 0n,
      depositsCreated: conversion?.created ?? 0,
      depositsCreatedPaid: conversion?.paid ?? 0,
    };
  });
  return { merchantId, mode, days: series };
}
