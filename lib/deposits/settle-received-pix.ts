// A Pix the PSP confirmed when queried (never a notification's word alone) settles the deposit
// whose charge it paid: paid, the funds credit and deposit.paid in one transaction, as for every
// deposit. Duplicate and out-of-order reports change nothing twice: the deposit's conditional
// update lets one through, and refunds apply their own.
import { getDb } from "../db/client";
import { findTransactionByPixTxid } from "../db/transactions";
import { isAppError } from "../errors/app-error";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import type { PaymentProvider, ReceivedPix } from "../providers/payment-provider";
import { recordProviderRefund } from "../refunds/record-provider-refund";
import { settleDeposit } from "./settle-deposit";

export type ReceivedPixOutcome = "paid" | "unchanged" | "unmatched";

export async function settleReceivedPix(pix: ReceivedPix, provider: PaymentProvider): Promise<ReceivedPixOutcome> {
  const deposit = pix.txid ? await findTransactionByPixTxid(getDb(), pix.txid) : null;
  if (!deposit || deposit.provider !== provider.name) {
    // A Pix to the gateway's key that no deposit asked for: the operator returns it.
    log.warn("received Pix matches no deposit", { endToEndId: pix.endToEndId, txid: pix.txid, amount: formatAmountDot(pix.amountCents) });
    return "unmatched";
  }
  if (pix.amountCents !== deposit.amountCents) {
    log.error("received Pix amount differs from its deposit; nothing credited", {
      endToEndId: pix.endToEndId,
      depositId: deposit.id,
      received: formatAmountDot(pix.amountCents),
      expected: formatAmountDot(deposit.amountCents),
    });
    return "unmatched";
  }
  let outcome: ReceivedPixOutcome = "unchanged";
  if (deposit.status === "pending") {
    try {
      await getDb().$transaction((tx) => settleDeposit(tx, deposit, "paid", "provider", pix.paidAt, pix.endToEndId));
      outcome = "paid";
    } catch (error) {
      // Settled meanwhile by another report of the same Pix.
      if (!isAppError(error) || error.code !== "state_conflict") throw error;
    }
  } else if (deposit.status !== "paid") {
    // The PSP took money for a deposit the gateway had closed: never silently kept.
    log.error("Pix received for a closed deposit; the operator must return it", { endToEndId: pix.endToEndId, depositId: deposit.id, status: deposit.status });
  }
  for (const refund of pix.refunds) await recordProviderRefund(refund);
  return outcome;
}
