// A provider's report of a refund (the answer to asking for it, a PSP's devolucao listed on a
// confirmed Pix, or a follow-up query) applied to the stored refund under the same id. Duplicate
// and out-of-order reports change nothing twice: the refund's conditional update lets one through,
// and a final state never changes.
//
// A devolucao the gateway did not ask for (a MED claw-back started by the payer's bank, or one an
// operator made in the PSP's portal) has moved the merchant's money all the same: once the PSP
// says it is done, it is booked as a refund by the provider, debiting the merchant even below
// zero, with refund.completed and an operator alert.
import { raiseOperatorAlert } from "../alerts/raise-operator-alert";
import { getDb } from "../db/client";
import { lockMerchantFunds } from "../db/ledger";
import {
  type RefundWithDeposit,
  findRefundByRequest,
  insertRefund,
  listDepositRefunds,
  markRefundSubmitted,
} from "../db/refunds";
import { type DepositRecord, findTransactionByEndToEndId } from "../db/transactions";
import { isUniqueViolation } from "../db/errors";
import { capDisputeHolds } from "../funds/cap-dispute-holds";
import { recordFundsMovement } from "../funds/record-funds-movement";
import { spendDisputeHolds } from "../funds/spend-dispute-holds";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { formatAmountDot } from "../money/format-amount";
import type { ProviderRefund, ProviderRefundNature } from "../providers/contract/payment-provider";
import { hashRequest } from "../transactions/hash-request";
import { isPaid, isPending } from "../transactions/statuses";
import { matchProviderRefunds } from "./match-provider-refunds";
import { settleRefund } from "./settle-refund";

export type RefundReportOutcome = "completed" | "failed" | "unchanged";

/** The reason_code of a refund the provider reports it did not carry out (API Pix: NAO_REALIZADO). */
export const NOT_CARRIED_OUT = "not_carried_out";

export async function applyRefundReport(
  refund: RefundWithDeposit,
  report: ProviderRefund,
): Promise<RefundReportOutcome> {
  if (report.amountCents !== refund.amountCents) {
    log.error("provider reports a refund amount that differs from the stored refund; nothing changed", {
      refundId: refund.id,
      reported: formatAmountDot(report.amountCents),
      stored: formatAmountDot(refund.amountCents),
    });
    return "unchanged";
  }
  if (!isPending(refund.status)) {
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
      reason:
        outcome === "failed"
          ? { reasonCode: NOT_CARRIED_OUT, reason: report.failureReason ?? "the provider did not carry out the refund" }
          : undefined,
    }),
  );
  return isChanged ? outcome : "unchanged";
}

/** Why the PSP returned money on its own, as the refund's reason_code and reason. */
function providerRefundReason(nature: ProviderRefundNature): { reasonCode: string; reason: string } {
  switch (nature) {
    case "med_fraud":
      return {
        reasonCode: "med_fraud",
        reason: "MED claw-back for suspected fraud, requested by the payer's bank through the Central Bank",
      };
    case "med_operational":
      return {
        reasonCode: "med_operational",
        reason: "MED claw-back for an operational failure, requested by the payer's bank through the Central Bank",
      };
    default:
      return { reasonCode: "returned_at_psp", reason: "returned to the payer at the PSP, outside the gateway" };
  }
}

/** The PSP's name for a devolucao: the gateway's id where it carries one, else its own. */
const devolucaoIdOf = (report: ProviderRefund) => report.refundId ?? report.providerRefundId ?? "unnamed";

/**
 * Books a devolucao the PSP reports as done that no refund of the gateway's names: a refund by the
 * provider of the deposit the Pix paid. Once per devolucao, whoever reports it first (webhook or
 * reconciliation): its request hash is the PSP's ids, unique per deposit.
 */
async function bookProviderRefund(
  endToEndId: string,
  deposit: DepositRecord | null,
  report: ProviderRefund,
): Promise<RefundReportOutcome> {
  if (!deposit || !isPaid(deposit.status)) {
    // The Pix credited no merchant (it matched no deposit, or came for one already closed): its
    // money was never anyone's balance, so there is nothing to debit.
    log.warn("PSP reports a devolucao of a Pix that credited no merchant", {
      endToEndId,
      devolucaoId: devolucaoIdOf(report),
      amount: formatAmountDot(report.amountCents),
    });
    return "unchanged";
  }
  const requestHash = hashRequest("provider_refund", {
    end_to_end_id: endToEndId,
    devolucao_id: devolucaoIdOf(report),
  });
  const reason = providerRefundReason(report.nature);
  try {
    return await getDb().$transaction(async (tx) => {
      await lockMerchantFunds(tx, deposit.merchantId);
      if (await findRefundByRequest(tx, deposit.id, requestHash)) return "unchanged";
      const id = newId("rfd");
      const refund = await insertRefund(
        tx,
        {
          id,
          merchantId: deposit.merchantId,
          depositId: deposit.id,
          mode: deposit.mode,
          amountCents: report.amountCents,
          currency: deposit.currency,
          description: reason.reason,
          requestHash,
          provider: deposit.provider ?? "unknown",
          isSubmitted: true,
          providerRefundId: report.providerRefundId,
          // Made by the PSP on its own: no request asked for it, whichever one reported it.
          requestId: null,
        },
        "provider",
      );
      // Held and debited like any refund, without a balance check: the money has already left,
      // so the balance may go below zero (payouts are refused until it is back above). What a
      // dispute of the deposit already holds (a MED claw-back after a lost dispute) is not held twice.
      const held = await spendDisputeHolds(tx, deposit.id, report.amountCents);
      if (report.amountCents > held)
        await recordFundsMovement(tx, {
          merchantId: deposit.merchantId,
          mode: deposit.mode,
          kind: "reserve",
          amountCents: report.amountCents - held,
          transactionId: deposit.id,
          memo: `refund ${id}`,
        });
      await settleRefund(tx, refund, {
        outcome: "completed",
        actor: "provider",
        at: new Date(),
        providerRefundId: report.providerRefundId,
        reason,
      });
      // What the devolucao left of the deposit bounds what its disputes may still hold.
      await capDisputeHolds(tx, deposit);
      // A sandbox dispute lost is the sandbox's own devolucao: nothing for an operator to see.
      if (deposit.mode !== "live") return "completed";
      await raiseOperatorAlert(tx, {
        kind: "provider_refund",
        subject: `${endToEndId}/${devolucaoIdOf(report)}`,
        merchantId: deposit.merchantId,
        objectId: id,
        amountCents: report.amountCents,
        message: `the PSP returned ${formatAmountDot(report.amountCents)} BRL of deposit ${deposit.id} on its own (${reason.reasonCode}); refund ${id} debited the merchant`,
      });
      return "completed";
    });
  } catch (error) {
    // Booked meanwhile by the other report of the same devolucao (webhook and reconciliation).
    if (isUniqueViolation(error)) return "unchanged";
    throw error;
  }
}

/** A report that names no refund of the gateway's: booked once the PSP says the money left. */
async function recordUnmatchedRefund(
  endToEndId: string,
  deposit: DepositRecord | null,
  report: ProviderRefund,
): Promise<RefundReportOutcome> {
  if (report.status !== "completed") {
    // Under way or not carried out: no money has moved yet, and it is booked when it has.
    log.info("PSP reports a devolucao the gateway did not ask for that is not done", {
      endToEndId,
      devolucaoId: devolucaoIdOf(report),
      status: report.status,
    });
    return "unchanged";
  }
  return bookProviderRefund(endToEndId, deposit, report);
}

/**
 * For the PSP's webhook and reconciliation: what the provider reports of the refunds of the Pix
 * `endToEndId`, each applied to the stored refund it matches (lib/refunds/match-provider-refunds)
 * or booked as the PSP's own. One outcome per report, in the order applied.
 */
export async function recordProviderRefunds(
  endToEndId: string,
  reports: ProviderRefund[],
): Promise<RefundReportOutcome[]> {
  if (reports.length === 0) return [];
  const deposit = await findTransactionByEndToEndId(getDb(), endToEndId);
  const stored = deposit ? await listDepositRefunds(getDb(), deposit.id) : [];
  const { matched, unmatched } = matchProviderRefunds(stored, reports);
  const outcomes: RefundReportOutcome[] = [];
  for (const { refund, report } of matched) outcomes.push(await applyRefundReport(refund, report));
  for (const report of unmatched) outcomes.push(await recordUnmatchedRefund(endToEndId, deposit, report));
  return outcomes;
}
