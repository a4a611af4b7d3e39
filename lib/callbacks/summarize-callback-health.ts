import type { Actor } from "../access/actor";
import { findLastFailedAttempt, summarizeCallbackBacklog } from "../db/callback-events";
import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { chooseMerchantScope } from "../merchants/find-merchant-in-scope";

/** How far back a callback given up on still counts against its endpoint's health. */
export const FAILED_WINDOW_MS = 7 * 86_400_000;

/**
 * Callback delivery at a glance: what is waiting, what is being retried, what was given up on in
 * the last 7 days, and per failing endpoint (a merchant with retries or failures) where it points
 * and what it last answered.
 */
export async function summarizeCallbackHealth(actor: Actor, options: { merchant?: string }, now = new Date()) {
  const merchantId = chooseMerchantScope(actor, options.merchant);
  const db = getDb();
  const backlog = await summarizeCallbackBacklog(db, {
    merchantId,
    failedSince: new Date(now.getTime() - FAILED_WINDOW_MS),
  });
  const failing = await Promise.all(
    backlog
      .filter((row) => row.retrying > 0 || row.failed > 0)
      .map(async (row) => {
        const [merchant, lastFailure] = await Promise.all([
          findMerchant(db, row.merchantId),
          findLastFailedAttempt(db, row.merchantId),
        ]);
        return {
          ...row,
          merchantName: merchant?.name ?? row.merchantId,
          callbackUrl: merchant?.callbackUrl ?? null,
          lastFailure,
        };
      }),
  );
  const oldest = backlog.map((row) => row.oldestPendingAt).filter((at): at is Date => at !== null);
  return {
    pending: backlog.reduce((sum, row) => sum + row.pending, 0),
    retrying: backlog.reduce((sum, row) => sum + row.retrying, 0),
    failed: backlog.reduce((sum, row) => sum + row.failed, 0),
    oldestPendingAt: oldest.length ? new Date(Math.min(...oldest.map((at) => at.getTime()))) : null,
    failingEndpoints: failing.sort((a, b) => b.retrying + b.failed - (a.retrying + a.failed)),
  };
}
