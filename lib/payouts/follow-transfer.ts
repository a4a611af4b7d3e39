import { getDb } from "../db/client";
import { findTransaction } from "../db/transactions";
import { log } from "../log/logger";
import type { PaymentProvider } from "../providers/contract/payment-provider";
import { type TransferOutcome, applyTransfer } from "./apply-transfer";

/**
 * A PSP's news of a payout's send (its webhook), confirmed by asking the PSP before anything
 * changes: a notification alone never completes or cancels a payout. News of a payout already
 * ended is checked against how it ended (lib/payouts/apply-transfer raises a contradiction).
 */
export async function followTransfer(
  provider: PaymentProvider,
  transferId: string,
): Promise<TransferOutcome | "unconfirmed"> {
  const payout = await findTransaction(getDb(), transferId);
  if (payout?.operation !== "gateway_out" || payout.provider !== provider.accountId || !provider.transfers) {
    log.warn("notified send of no payout at this account; ignored", { transferId, account: provider.accountId });
    return "unmatched";
  }
  // Never claimed for a send: nothing of it can be at the PSP.
  if (payout.status === "pending") return "unchanged";
  const transfer = await provider.transfers.findTransfer(transferId);
  if (!transfer) {
    log.warn("notified send unknown to the PSP; ignored", { transferId, account: provider.accountId });
    return "unconfirmed";
  }
  return applyTransfer(payout, transfer);
}
