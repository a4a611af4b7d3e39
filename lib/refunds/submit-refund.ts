// The second and third steps of every refund: the pending row is already committed; the provider
// is asked outside any database transaction, under the refund's id (a repeated call is the same
// refund at the provider); its answer is recorded with conditional updates. A call that never
// returned leaves the refund pending and unsubmitted, and reconciliation asks again under the
// same id.
import { getDb } from "../db/client";
import type { RefundWithDeposit } from "../db/refunds";
import { isAppError } from "../errors/app-error";
import { findProviderByName } from "../providers/find-provider";
import type { ProviderRefund } from "../providers/payment-provider";
import { type RefundReportOutcome, applyRefundReport } from "./record-provider-refund";
import { settleRefund } from "./settle-refund";

/** The reason_code of a refund the provider refused to take. */
export const PROVIDER_REFUSED = "provider_refused";

/**
 * Asks the refund's provider for it and records the answer. Throws when the provider could not be
 * reached (the refund stays pending for reconciliation).
 */
export async function submitRefund(refund: RefundWithDeposit): Promise<RefundReportOutcome> {
  const provider = findProviderByName(refund.provider);
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
    if (!isAppError(error) || error.code !== "provider_error") throw error;
    // A refusal is final only if the provider holds no refund under this id: an answer it sent in
    // a shape the gateway could not read may still have moved the money.
    const held = await provider.findRefund({ endToEndId, refundId: refund.id });
    if (held) return applyRefundReport(refund, held);
    const isChanged = await getDb().$transaction((tx) =>
      settleRefund(tx, refund, { outcome: "failed", actor: "provider", at: new Date(), failure: { reasonCode: PROVIDER_REFUSED, reason: error.detail } }),
    );
    return isChanged ? "failed" : "unchanged";
  }
  return applyRefundReport(refund, report);
}
