// Returns whose outcome the gateway has not heard: one whose call never reached the PSP is asked
// for again under its id, one the PSP took is looked up.
import { getDb } from "../db/client";
import { findPendingPspReturns } from "../db/psp-returns";
import { log } from "../log/logger";
import { capabilityOf, findProvider } from "../providers/registry";
import { isPending } from "../transactions/statuses";
import { applyPspReturnReport, submitPspReturn } from "./submit-psp-return";

// A return younger than this may still be in the hands of the command that made it.
const IN_FLIGHT_MS = 10_000;

/** Returns how many returns reached a final state. */
export async function reconcilePendingPspReturns(now: Date): Promise<number> {
  const pending = await findPendingPspReturns(getDb(), {
    createdBefore: new Date(now.getTime() - IN_FLIGHT_MS),
    limit: 100,
  });
  let settled = 0;
  for (const row of pending) {
    try {
      let after;
      if (row.isSubmitted) {
        const report = await capabilityOf(await findProvider(row.provider), "refunds").findRefund({
          endToEndId: row.endToEndId,
          refundId: row.id,
        });
        if (!report) continue;
        after = await applyPspReturnReport(row, report);
      } else {
        after = await submitPspReturn(row);
      }
      if (!isPending(after.status)) settled++;
    } catch (error) {
      log.warn("reconciliation of a return failed; tried again next run", {
        returnId: row.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return settled;
}
