// What the initiator says of an attempt, confirmed by asking it (never a webhook's or a return
// address's word alone), applied: paid settles the deposit (paid, funds credited, deposit.paid, in
// one transaction, once however often it is reported) and then the payment's refunds; failed ends
// the attempt with the initiator's reason and leaves the deposit open for another bank or Pix;
// pending changes nothing.
import { runTransaction } from "../db/run-transaction";
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { changeStatus } from "../db/change-status";
import { getDb } from "../db/client";
import { type InitiationRecord, findInitiationByProviderPayment } from "../db/initiations";
import { findTransaction } from "../db/transactions";
import { settleDeposit } from "../deposits/settle-deposit";
import { isAppError } from "../errors/app-error";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import type { PaymentProvider, ProviderInitiation } from "../providers/contract/payment-provider";
import { capabilityOf, findProvider } from "../providers/registry";
import { recordProviderRefunds } from "../refunds/record-provider-refund";
import { isPending } from "../transactions/statuses";

export type InitiationOutcome = "paid" | "failed" | "unchanged" | "unmatched";

type PaidInitiation = ProviderInitiation & { amountCents: bigint };

/** Money that reached the gateway's account for a deposit that cannot take it: an operator returns it. */
async function raiseUnpayable(attempt: InitiationRecord, found: PaidInitiation, why: string): Promise<void> {
  await raiseOperatorAlert(getDb(), {
    kind: "unmatched_pix",
    subject: found.endToEndId ?? found.providerPaymentId,
    objectId: attempt.depositId,
    amountCents: found.amountCents,
    message: `a Pix of ${formatAmountDot(found.amountCents)} BRL approved at ${attempt.participantName} (initiation ${attempt.id}) ${why}; return it to its payer at the initiator`,
  });
}

async function settlePaid(attempt: InitiationRecord, found: PaidInitiation): Promise<InitiationOutcome> {
  const deposit = await findTransaction(getDb(), attempt.depositId);
  if (!deposit || deposit.operation === "gateway_out") return "unmatched";
  if (found.amountCents !== deposit.amountCents) {
    await raiseUnpayable(attempt, found, `is for another amount than deposit ${deposit.id}: nothing credited`);
    return "unmatched";
  }
  const at = new Date();
  let isSettled = false;
  try {
    isSettled = await runTransaction(async (tx) => {
      // Of two reports at once (the webhook and the customer's return), the one that moves the
      // attempt settles the deposit; the other changes nothing.
      if (attempt.status === "pending") {
        const isMoved = await changeStatus(tx, "initiation", {
          id: attempt.id,
          from: "pending",
          to: "paid",
          at,
          endToEndId: found.endToEndId,
        });
        if (!isMoved) return false;
      }
      if (!isPending(deposit.status)) return false;
      await settleDeposit(tx, deposit, { outcome: "paid", endToEndId: found.endToEndId ?? undefined }, "provider", at);
      return true;
    });
  } catch (error) {
    // The deposit ended meanwhile (paid by its Pix, expired): told below, as money twice.
    if (!isAppError(error) || error.code !== "state_conflict") throw error;
  }
  const now = await findTransaction(getDb(), deposit.id);
  // Paid by this very payment (a second report) is no news; paid otherwise, or ended, is money twice.
  if (!isSettled && now?.pixEndToEndId !== found.endToEndId)
    await raiseUnpayable(
      attempt,
      found,
      `arrived for deposit ${deposit.id}, which is already ${now?.status ?? "gone"}`,
    );
  return isSettled ? "paid" : "unchanged";
}

/** Asks the attempt's initiator how it stands and applies the answer. */
export async function confirmInitiation(
  attempt: InitiationRecord,
  provider?: PaymentProvider,
): Promise<InitiationOutcome> {
  // Its start was never answered: there is nothing at the initiator to ask about yet.
  if (attempt.providerPaymentId === null || attempt.status === "failed") return "unchanged";
  const initiations = capabilityOf(provider ?? (await findProvider(attempt.provider)), "initiations");
  const found = await initiations.findInitiation({
    initiationId: attempt.id,
    providerPaymentId: attempt.providerPaymentId,
  });
  if (!found || found.providerPaymentId !== attempt.providerPaymentId) {
    log.warn("the initiator knows no payment an attempt started", {
      initiationId: attempt.id,
      providerPaymentId: attempt.providerPaymentId,
    });
    return "unchanged";
  }
  // A paid payment always names its amount (the adapters refuse one that does not).
  if (found.status === "paid" && found.amountCents !== null) {
    const outcome = await settlePaid(attempt, { ...found, amountCents: found.amountCents });
    // The payment's devolucoes (Efí's devolucao webhook names the payment): each settles the
    // refund it matches, or is booked as the PSP's own.
    if (found.endToEndId !== null) await recordProviderRefunds(found.endToEndId, found.refunds);
    return outcome;
  }
  if (found.status === "failed" && attempt.status === "pending") {
    const isChanged = await changeStatus(getDb(), "initiation", {
      id: attempt.id,
      from: "pending",
      to: "failed",
      at: new Date(),
      reasonCode: "declined_at_bank",
      reason: found.failureReason ?? "the bank did not approve the payment",
    });
    return isChanged ? "failed" : "unchanged";
  }
  return "unchanged";
}

/**
 * A webhook's news of an initiated payment: only one the account started is asked about (once);
 * an id it does not know is refused without calling the initiator at all.
 */
export async function followInitiation(
  provider: PaymentProvider,
  providerPaymentId: string,
): Promise<InitiationOutcome> {
  const attempt = await findInitiationByProviderPayment(getDb(), provider.accountId, providerPaymentId);
  if (!attempt) {
    log.warn("notified initiation this account never started; ignored", {
      account: provider.accountId,
      providerPaymentId: providerPaymentId.slice(0, 64),
    });
    return "unmatched";
  }
  return confirmInitiation(attempt, provider);
}
