import { runTransaction } from "../db/run-transaction";
import { getDb } from "../db/client";
import { findExpiredPendingDeposits } from "../db/transactions";
import { isAppError } from "../errors/app-error";
import { listGatewayExpiringAccounts } from "../providers/registry";
import { settleDeposit } from "./settle-deposit";

/**
 * Expires pending deposits whose time has passed, each with its deposit.expired callback, at the
 * providers whose charges the gateway ends (a PSP that ends its own is asked first, by
 * reconciliation, and never expired here). Safe to
 * run from several processes: a deposit paid or expired meanwhile is left as it is.
 * Returns how many it expired.
 */
export async function expireDueDeposits(now: Date = new Date()): Promise<number> {
  let expired = 0;
  const providers = await listGatewayExpiringAccounts();
  for (const deposit of await findExpiredPendingDeposits(getDb(), { now, limit: 100, providers })) {
    try {
      await runTransaction((tx) =>
        settleDeposit(tx, deposit, { outcome: "expired", reasonCode: "expired" }, "system", now),
      );
      expired++;
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  return expired;
}
