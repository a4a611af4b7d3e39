// A provider's report of a refund (the answer to asking for it, a PSP's devolucao listed on a
// confirmed Pix, or a follow-up query) applied to the stored refund under the same id. Duplicate
// and out-of-order reports change nothing twice: the refund's conditional update lets one through,
// and a final state never changes.
import { getDb } from "../db/client";
import { type RefundWithDeposit, findRefund, markRefundSubmitted } from "../db/refunds";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import type { ProviderRefund } from "../providers/payment-provider";
import { settleRefund } from "./settle-refund";

export type RefundReportOutcome = "completed" | "failed" | "unchanged";

/** The reason_code of a refund the provider reports it did not carry out (API Pix: NAO_REALIZADO). */
export const NOT_CARRIED_OUT = "not_carried_out";

export async function applyRefundReport(refund: RefundWithDeposit, report: ProviderRefund): Promise<RefundReportOutcome> {
  if (report.amountCents !== refund.amountCents) {
    log.error("provider reports a refund amount that differs from the stored refund; nothing changed", {
      refundId: refund.id,
      reported: formatAmountDot(report.amountCents),
      stored: formatAmountDot(refund.amountCents),
    });
    return "unchanged";
  }
  if (refund.status !== "pending") {
    if (report.status !== "pending" && report.status !== refund.status) {
      // Money may have moved where the gateway says it did not (or the reverse): the operator looks.
      log.error("provider reports a final refund status other than the stored one; a final state never changes", {
        refundId: refund.id,
        stored: refund.status,
        reported: report.status,
      });
    }
    return "unchanged";
  }
  if (report.status === "pending") {
    await markRefundSubmitted(getDb(), refund.id, report.providerRefundId);
    return "unchanged";
  }
  const outcome = report.status;
  const isChanged = await getDb().$transaction((tx) =>
    settleRefund(tx, refund, {
      outcome,
      actor: "provider",
      at: new Date(),
      providerRefundId: report.providerRefundId,
      failure: outcome === "failed" ? { reasonCode: NOT_CARRIED_OUT, reason: report.failureReason ?? "the provider did not carry out the refund" } : undefined,
    }),
  );
  return isChanged ? outcome : "unchanged";
}

/** For the PSP's webhook and reconciliation: a report about a refund the gateway may know. */
export async function recordProviderRefund(report: ProviderRefund): Promise<RefundReportOutcome> {
  const refund = await findRefund(getDb(), report.refundId);
  if (!refund) {
    // A devolucao made at the PSP by other means (its own portal): the gateway has no refund to move.
    log.warn("provider reports a refund the gateway did not ask for", { refundId: report.refundId, amount: formatAmountDot(report.amountCents) });
    return "unchanged";
  }
  return applyRefundReport(refund, report);
}
