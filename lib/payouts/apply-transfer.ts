// What the PSP says of a payout's send, applied: completed (the money left) or failed (refused or
// not carried out: canceled with the PSP's reason, funds released), each with its one callback.
// A send still processing changes nothing: its webhook or a later reconciliation ends it.
import { getDb } from "../db/client";
import type { PayoutRecord } from "../db/transactions";
import { isAppError } from "../errors/app-error";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { formatAmountDot } from "../money/format-amount";
import type { ProviderTransfer } from "../providers/contract/payment-provider";
import { finishPayout } from "./finish-payout";

export type TransferOutcome = "completed" | "canceled" | "unchanged" | "unmatched";

/** The reason code of a payout its PSP refused or did not carry out. */
export const PSP_REFUSED = "psp_refused";

export async function applyTransfer(payout: PayoutRecord, transfer: ProviderTransfer): Promise<TransferOutcome> {
  if (transfer.status === "processing") return "unchanged";
  if (transfer.amountCents !== payout.amountCents) {
    // Never settled on a PSP's word that disagrees with the payout: the operator must look.
    await raiseOperatorAlert(getDb(), {
      kind: "transfer_mismatch",
      subject: payout.id,
      merchantId: payout.merchantId,
      objectId: payout.id,
      amountCents: transfer.amountCents,
      message: `the PSP reports a send of ${formatAmountDot(transfer.amountCents)} BRL for payout ${payout.id}, which is for ${formatAmountDot(payout.amountCents)} BRL: it stays processing until an operator checks the PSP`,
    });
    return "unmatched";
  }
  try {
    await getDb().$transaction((tx) =>
      finishPayout(
        tx,
        payout,
        transfer.status === "completed"
          ? { outcome: "completed" }
          : {
              outcome: "canceled",
              reasonCode: PSP_REFUSED,
              reason: transfer.failureReason ?? "the PSP did not carry out the transfer and gave no reason",
            },
        { actor: "provider", at: new Date() },
      ),
    );
  } catch (error) {
    // Finished meanwhile by another report of the same send (its webhook and a reconciliation).
    if (isAppError(error) && error.code === "state_conflict") return "unchanged";
    throw error;
  }
  return transfer.status === "completed" ? "completed" : "canceled";
}
