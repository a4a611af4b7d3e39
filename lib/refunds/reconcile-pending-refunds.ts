// Refunds whose outcome the gateway has not heard, asked of their provider: one whose call never
// returned is asked for again under the same id (one refund at the provider however often), one
// the provider took is looked up. Safe when two runs overlap: each change is conditional.
import { getDb } from "../db/client";
import { findPendingRefunds } from "../db/refunds";
import { mapWithConcurrency } from "../pace/map-with-concurrency";
import { RECONCILE_CONCURRENCY, createReconcileBackoff } from "../pace/reconcile-pace";
import { log } from "../log/logger";
import { findRefundRoute } from "./find-refund-route";
import { applyRefundReport } from "./record-provider-refund";
import { submitRefund } from "./submit-refund";

// A refund younger than this may still be in the hands of the request that created it.
const IN_FLIGHT_MS = 10_000;

// A refund its provider failed on is asked about again after fewer and fewer runs.
const backoff = createReconcileBackoff();

/** Returns how many refunds reached a final state. */
export async function reconcilePendingRefunds(now: Date): Promise<number> {
  const pending = await findPendingRefunds(getDb(), {
    createdBefore: new Date(now.getTime() - IN_FLIGHT_MS),
    limit: 500,
  });
  let settled = 0;
  await mapWithConcurrency(
    backoff.due(pending, (refund) => refund.id),
    RECONCILE_CONCURRENCY,
    async (refund) => {
      try {
        let outcome;
        if (refund.isSubmitted) {
          const report = await (
            await findRefundRoute(refund)
          ).findRefund({
            endToEndId: refund.deposit.pixEndToEndId as string,
            refundId: refund.id,
          });
          if (!report) {
            log.error("provider has no record of a refund it accepted", {
              refundId: refund.id,
              provider: refund.provider,
            });
            backoff.failed(refund.id);
            return;
          }
          outcome = await applyRefundReport(refund, report);
        } else {
          outcome = await submitRefund(refund);
        }
        if (outcome !== "unchanged") settled++;
        backoff.succeeded(refund.id);
      } catch (error) {
        backoff.failed(refund.id);
        log.warn("reconciliation of a refund failed; tried again in a later run", {
          refundId: refund.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
  );
  return settled;
}
