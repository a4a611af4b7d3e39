// What an initiator's webhook may have missed, asked of the initiator itself, in the same job as
// charges and payouts: every pending attempt it started is asked about (paid settles its deposit,
// failed lets the customer try again), and a bank payment past its deadline is expired once none
// of its attempts turned out paid. Each change is conditional, so a webhook or the customer's
// return arriving meanwhile settles it once.
import { runTransaction } from "../db/run-transaction";
import { getDb } from "../db/client";
import { findPendingInitiations, listDepositInitiations } from "../db/initiations";
import { findExpiredBankDeposits } from "../db/transactions";
import { settleDeposit } from "../deposits/settle-deposit";
import { isAppError } from "../errors/app-error";
import { log } from "../log/logger";
import { mapWithConcurrency } from "../pace/map-with-concurrency";
import { RECONCILE_CONCURRENCY, createReconcileBackoff } from "../pace/reconcile-pace";
import type { PaymentProvider } from "../providers/contract/payment-provider";
import { confirmInitiation } from "./confirm-initiation";

// An attempt younger than this may still be answered by the request that started it.
const IN_FLIGHT_MS = 15_000;
// A bank approval can land a little after the deadline the page showed: asked about before it expires.
const EXPIRY_GRACE_MS = 120_000;

const backoff = createReconcileBackoff();

async function expireUnpaid(provider: PaymentProvider, now: Date): Promise<number> {
  let expired = 0;
  const due = await findExpiredBankDeposits(getDb(), {
    provider: provider.accountId,
    expiredBefore: new Date(now.getTime() - EXPIRY_GRACE_MS),
    limit: 100,
  });
  for (const deposit of due) {
    const attempts = await listDepositInitiations(getDb(), deposit.id);
    const outcomes = [];
    for (const attempt of attempts.filter((one) => one.status === "pending"))
      outcomes.push(await confirmInitiation(attempt, provider));
    if (outcomes.includes("paid")) continue;
    try {
      await runTransaction((tx) =>
        settleDeposit(tx, deposit, { outcome: "expired", reasonCode: "expired" }, "system", now),
      );
      expired++;
    } catch (error) {
      // Paid or ended meanwhile.
      if (!isAppError(error) || error.code !== "state_conflict") throw error;
    }
  }
  return expired;
}

/** How many deposits it paid or expired. */
export async function reconcileInitiations(providers: PaymentProvider[], now: Date): Promise<number> {
  let settled = 0;
  for (const provider of providers) {
    if (!provider.initiations) continue;
    const pending = await findPendingInitiations(getDb(), {
      provider: provider.accountId,
      changedBefore: new Date(now.getTime() - IN_FLIGHT_MS),
      limit: 500,
    });
    await mapWithConcurrency(
      backoff.due(pending, (attempt) => attempt.id),
      RECONCILE_CONCURRENCY,
      async (attempt) => {
        try {
          if ((await confirmInitiation(attempt, provider)) === "paid") settled++;
          backoff.succeeded(attempt.id);
        } catch (error) {
          backoff.failed(attempt.id);
          log.warn("reconciliation of an initiation failed; tried again in a later run", {
            initiationId: attempt.id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    try {
      settled += await expireUnpaid(provider, now);
    } catch (error) {
      log.warn("expiring unpaid bank payments failed; tried again next run", {
        account: provider.accountId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return settled;
}
