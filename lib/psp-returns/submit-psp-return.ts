// Asks the PSP for a return under its id, outside any transaction, and applies the answer; the
// same for reconciliation's follow-up of a return whose answer never came.
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { changeStatus } from "../db/change-status";
import { getDb } from "../db/client";
import { findOpenOperatorAlert, resolveOperatorAlert } from "../db/operator-alerts";
import { type PspReturnRecord, findPspReturn, markPspReturnSubmitted } from "../db/psp-returns";
import { isAppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";
import { capabilityOf, findProvider } from "../providers/registry";
import type { ProviderRefund } from "../providers/contract/payment-provider";

/** The return as it is after the PSP's report. */
export async function applyPspReturnReport(row: PspReturnRecord, report: ProviderRefund): Promise<PspReturnRecord> {
  if (report.status === "pending") {
    await markPspReturnSubmitted(getDb(), row.id, report.providerRefundId);
  } else {
    const at = new Date();
    await getDb().$transaction(async (tx) => {
      const isChanged = await changeStatus(tx, "return", {
        id: row.id,
        from: "pending",
        to: report.status,
        at,
        providerRefundId: report.providerRefundId,
        ...(report.status === "failed"
          ? { reasonCode: "not_carried_out", reason: report.failureReason ?? "the PSP did not carry out the return" }
          : {}),
      });
      if (!isChanged) return;
      if (report.status === "completed") {
        // The money is back with its payer: the alert that asked for it is done.
        const alert = await findOpenOperatorAlert(tx, "unmatched_pix", row.endToEndId);
        if (alert) await resolveOperatorAlert(tx, { id: alert.id, by: row.requestedBy, at });
      } else {
        await raiseOperatorAlert(tx, {
          kind: "return_failed",
          subject: row.id,
          objectId: row.id,
          amountCents: row.amountCents,
          message: `the return ${row.id} of ${formatAmountDot(row.amountCents)} BRL from Pix ${row.endToEndId} was not carried out: ${report.failureReason ?? "no reason given"}`,
        });
      }
    });
  }
  return (await findPspReturn(getDb(), row.id)) ?? row;
}

/** Throws when the PSP could not be reached or did not take it (the return stays pending). */
export async function submitPspReturn(row: PspReturnRecord, description?: string): Promise<PspReturnRecord> {
  const provider = capabilityOf(await findProvider(row.provider), "refunds");
  let report: ProviderRefund;
  try {
    report = await provider.requestRefund({
      endToEndId: row.endToEndId,
      refundId: row.id,
      amountCents: row.amountCents,
      description,
    });
  } catch (error) {
    if (!isAppError(error) || error.code !== "provider_error") throw error;
    const held = await provider.findRefund({ endToEndId: row.endToEndId, refundId: row.id });
    if (!held) {
      return applyPspReturnReport(row, {
        refundId: row.id,
        status: "failed",
        amountCents: row.amountCents,
        providerRefundId: null,
        failureReason: error.detail,
        nature: null,
      });
    }
    report = held;
  }
  return applyPspReturnReport(row, report);
}
