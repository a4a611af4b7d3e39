// A Pix the PSP confirmed when queried (never a notification's word alone) settles the deposit
// whose charge it paid: paid, the funds credit and deposit.paid in one transaction, as for every
// deposit. Duplicate and out-of-order reports change nothing twice: the deposit's conditional
// update lets one through, and refunds apply their own.
import { runTransaction } from "../db/run-transaction";
import { getDb } from "../db/client";
import { type TransactionRecord, findTransactionByPixTxid } from "../db/transactions";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { isAppError } from "../errors/app-error";
import { formatAmountDot } from "../money/format-amount";
import type { PaymentProvider, ReceivedPix } from "../providers/contract/payment-provider";
import { recordProviderRefunds } from "../refunds/record-provider-refund";
import { isPaid, isPending } from "../transactions/statuses";
import { settleDeposit } from "./settle-deposit";

export type ReceivedPixOutcome = "paid" | "unchanged" | "unmatched";

/**
 * Money the PSP holds that credits no merchant: a Pix to the key with no charge, for another
 * amount, or for a deposit already closed or paid. An operator returns it (`psp return`, or the
 * overview's alert), so it is raised, not only logged.
 */
async function raiseUnmatchedPix(pix: ReceivedPix, deposit: TransactionRecord | null, message: string): Promise<void> {
  await raiseOperatorAlert(getDb(), {
    kind: "unmatched_pix",
    subject: pix.endToEndId,
    merchantId: deposit?.merchantId,
    objectId: deposit?.id,
    amountCents: pix.amountCents,
    message: `${message}; return it with psp return ${pix.endToEndId}`,
  });
}

export async function settleReceivedPix(pix: ReceivedPix, provider: PaymentProvider): Promise<ReceivedPixOutcome> {
  const deposit = pix.txid ? await findTransactionByPixTxid(getDb(), pix.txid) : null;
  if (!deposit || deposit.provider !== provider.accountId) {
    await raiseUnmatchedPix(
      pix,
      null,
      `a Pix of ${formatAmountDot(pix.amountCents)} BRL reached the gateway's key without paying any deposit`,
    );
    return "unmatched";
  }
  if (pix.amountCents !== deposit.amountCents) {
    await raiseUnmatchedPix(
      pix,
      deposit,
      `a Pix of ${formatAmountDot(pix.amountCents)} BRL paid deposit ${deposit.id}, which is for ${formatAmountDot(deposit.amountCents)} BRL: nothing credited`,
    );
    return "unmatched";
  }
  let outcome: ReceivedPixOutcome = "unchanged";
  if (isPending(deposit.status)) {
    try {
      await runTransaction((tx) =>
        settleDeposit(tx, deposit, { outcome: "paid", endToEndId: pix.endToEndId }, "provider", pix.paidAt),
      );
      outcome = "paid";
    } catch (error) {
      // Settled meanwhile by another report of the same Pix.
      if (!isAppError(error) || error.code !== "state_conflict") throw error;
    }
  } else if (!isPaid(deposit.status)) {
    await raiseUnmatchedPix(
      pix,
      deposit,
      `a Pix of ${formatAmountDot(pix.amountCents)} BRL came for deposit ${deposit.id}, which had already ended ${deposit.status}: nothing credited`,
    );
  } else if (deposit.pixEndToEndId !== pix.endToEndId) {
    await raiseUnmatchedPix(
      pix,
      deposit,
      `a second Pix of ${formatAmountDot(pix.amountCents)} BRL paid deposit ${deposit.id}, already paid by ${deposit.pixEndToEndId}: nothing credited`,
    );
  }
  await recordProviderRefunds(pix.endToEndId, pix.refunds);
  return outcome;
}
