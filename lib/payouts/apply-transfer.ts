// What the PSP says of a payout's send, applied: completed (the money left) or failed (refused or
// not carried out: canceled with the PSP's reason, funds released), each with its one callback.
// A send still processing changes nothing: its webhook or a later reconciliation ends it.
import { getDb } from "../db/client";
import { type PayoutRecord, findTransaction } from "../db/transactions";
import { isAppError } from "../errors/app-error";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { formatAmountDot } from "../money/format-amount";
import type { ProviderTransfer } from "../providers/contract/payment-provider";
import { isPayoutOutcome } from "../transactions/statuses";
import { finishPayout } from "./finish-payout";

export type TransferOutcome = "completed" | "canceled" | "unchanged" | "unmatched";

/** The reason code of a payout its PSP refused or did not carry out. */
export const PSP_REFUSED = "psp_refused";

/**
 * A payout the gateway already ended one way while its PSP says another: money that left for a
 * payout whose funds were released, or the reverse. Nothing is changed on the PSP's word alone
 * (the callback went out, the merchant may have acted): an operator must look, and is told.
 */
async function raiseIfContradicted(payout: PayoutRecord, transfer: ProviderTransfer): Promise<void> {
  const isAgreed =
    (payout.status === "completed" && transfer.status === "completed") ||
    (payout.status === "canceled" && transfer.status === "failed");
  if (isAgreed || !isPayoutOutcome(payout.status)) return;
  await raiseOperatorAlert(getDb(), {
    kind: "transfer_mismatch",
    subject: payout.id,
    merchantId: payout.merchantId,
    objectId: payout.id,
    amountCents: transfer.amountCents,
    message: `payout ${payout.id} is ${payout.status} here, but its PSP says the send is ${transfer.status}: check the PSP's statement before anything is paid again`,
  });
}

export async function applyTransfer(payout: PayoutRecord, transfer: ProviderTransfer): Promise<TransferOutcome> {
  if (payout.status !== "processing") {
    await raiseIfContradicted(payout, transfer);
    return "unchanged";
  }
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
    if (!isAppError(error) || error.code !== "state_conflict") throw error;
    // Finished meanwhile, by another report of the same send (its webhook and a reconciliation)
    // or by an operator: it must have ended the way the PSP says.
    const now = await findTransaction(getDb(), payout.id);
    if (now?.operation === "gateway_out") await raiseIfContradicted(now, transfer);
    return "unchanged";
  }
  return transfer.status === "completed" ? "completed" : "canceled";
}
