import { getDb } from "../db/client";
import { findExpiredPendingDeposits } from "../db/transactions";
import { isAppError } from "../errors/app-error";
import { settleDeposit } from "./settle-deposit";

/**
 * Expires pending deposits whose time has passed, each with its deposit.expired callback. Safe to
 * run from several processes: a deposit paid or expired meanwhile is left as it is.
 * Returns how many it expired.
 */
export async function expireDueDeposits(now: Date = new Date()): Promise<number> {
  let expired = 0;
  for (const deposit of await findExpiredPendingDeposits(getDb(), now, 100)) {
    try {
      await getDb().$transaction((tx) => settleDeposit(tx, deposit, "expired", "system", now));
      expired++;
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  return expired;
}
