// The second and third steps of every refund: the pending row is already committed; the provider
// is asked outside any database transaction, under the refund's id (a repeated call is the same
// refund at the provider); its answer is recorded with conditional updates. A call that never
// returned leaves the refund pending and unsubmitted, and reconciliation asks again under the
// same id.
import { getDb } from "../db/client";
import { type RefundWithDeposit, recordRefundNotFound } from "../db/refunds";
import { isAppError } from "../errors/app-error";
import type { ProviderRefund } from "../providers/contract/payment-provider";
import { type RefundReportOutcome, applyRefundReport } from "./record-provider-refund";
import { findRefundRoute } from "./find-refund-route";
import { settleRefund } from "./settle-refund";

/** The reason_code of a refund the provider refused to take. */
export const PROVIDER_REFUSED = "provider_refused";

// A PSP that answers "no such Pix" to a Pix it confirmed may only be behind its own settlement (a
// replica, a queue): the refusal is final only when the second such answer comes this long after
// the first.
const NOT_FOUND_SPACING_MS = 10 * 60_000;

async function fail(refund: RefundWithDeposit, reason: string): Promise<RefundReportOutcome> {
  const isChanged = await getDb().$transaction((tx) =>
    settleRefund(tx, refund, {
      outcome: "failed",
      actor: "provider",
      at: new Date(),
      reason: { reasonCode: PROVIDER_REFUSED, reason },
    }),
  );
  return isChanged ? "failed" : "unchanged";
}

/**
 * Asks the refund's provider for it and records the answer. Throws when the provider could not be
 * reached (the refund stays pending for reconciliation).
 */
export async function submitRefund(refund: RefundWithDeposit): Promise<RefundReportOutcome> {
  const provider = await findRefundRoute(refund);
  const endToEndId = refund.deposit.pixEndToEndId as string;
  let report: ProviderRefund;
  try {
    report = await provider.requestRefund({
      endToEndId,
      refundId: refund.id,
      amountCents: refund.amountCents,
      description: refund.description ?? undefined,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") {
      const now = new Date();
      if (refund.notFoundAt === null) {
        await recordRefundNotFound(getDb(), refund.id, now);
        return "unchanged";
      }
      if (now.getTime() - refund.notFoundAt.getTime() < NOT_FOUND_SPACING_MS) return "unchanged";
      return fail(refund, error.detail);
    }
    // Anything but a definite business refusal (a timeout, 5xx, 408, 409, 423, 429, a 403 while a
    // token is renewed) leaves the refund pending: reconciliation asks again under the same id.
    if (!isAppError(error) || error.code !== "provider_error") throw error;
    // A refusal is final only if the provider holds no refund under this id: an answer it sent in
    // a shape the gateway could not read may still have moved the money.
    const held = await provider.findRefund({ endToEndId, refundId: refund.id });
    if (held) return applyRefundReport(refund, held);
    return fail(refund, error.detail);
  }
  return applyRefundReport(refund, report);
}
