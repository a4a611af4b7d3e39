// What the PSP says of a dispute (its listing, or its answer to a defense) applied to the stored
// one: answered once the PSP holds an answer, then won, lost or canceled. Duplicate and late reports
// change nothing twice: each move is conditional, and a final status never changes.
//
// Closing releases what the dispute holds (won, canceled) in the same transaction as the move and
// dispute.closed; a lost dispute keeps it for the MED devolucao that follows, which spends it
// (spend-dispute-hold) rather than reserving the money a second time.
import type { AuditActor } from "../audit/record-audit-event";
import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import { type Tx, getDb } from "../db/client";
import { type DisputeRecord, findDispute, markDisputeSubmitted, recordPspStatus, setDisputeHeld } from "../db/disputes";
import { lockMerchantFunds } from "../db/ledger";
import { findOpenOperatorAlert, resolveOperatorAlert } from "../db/operator-alerts";
import { capDisputeHolds } from "../funds/cap-dispute-holds";
import { recordFundsMovement } from "../funds/record-funds-movement";
import type { ProviderDisputeStatus } from "../providers/contract/payment-provider";
import { type DisputeStatus, isFinalStatus } from "../transactions/statuses";
import { disputeFieldsOf } from "./dispute-callback-data";
import type { DisputeClosedCallbackData } from "./schemas";

const OURS: Record<ProviderDisputeStatus, DisputeStatus> = {
  open: "open",
  answered: "answered",
  accepted: "lost",
  rejected: "won",
  canceled: "canceled",
};

export type DisputeReport = {
  status: ProviderDisputeStatus;
  pspStatus: string;
  /** The PSP took the stored answer (a defense's answer, or a listing that shows it). */
  isAnswerTaken?: boolean;
};

/** Who answers a dispute, for the audit event recorded with the answer's claim. */
export type AnswerAudit = { actor: AuditActor; ip: string | null };

async function closeDispute(tx: Tx, dispute: DisputeRecord, to: "won" | "lost" | "canceled", at: Date) {
  // Lost: kept for the devolucao, but only what the deposit can still return (the merchant may
  // have refunded meanwhile).
  if (to === "lost") await capDisputeHolds(tx, { id: dispute.depositId, amountCents: dispute.deposit.amountCents });
  else if (dispute.heldCents > 0n) {
    await recordFundsMovement(tx, {
      merchantId: dispute.merchantId,
      mode: dispute.mode,
      kind: "release",
      amountCents: dispute.heldCents,
      transactionId: dispute.depositId,
      memo: `dispute ${dispute.id}`,
    });
    await setDisputeHeld(tx, dispute.id, 0n);
  }
  await enqueueCallback(tx, {
    merchantId: dispute.merchantId,
    objectId: dispute.id,
    requestId: null,
    mode: dispute.mode,
    type: "dispute.closed",
    occurredAt: at,
    data: { ...disputeFieldsOf(dispute), status: to, outcome: to } satisfies DisputeClosedCallbackData,
  });
}

async function resolveDeadlineAlert(tx: Tx, disputeId: string, at: Date): Promise<void> {
  const alert = await findOpenOperatorAlert(tx, "dispute_deadline", disputeId);
  if (alert) await resolveOperatorAlert(tx, { id: alert.id, by: "system: the PSP holds an answer", at });
}

/** Whether a report would change nothing stored: reconciliation then spares it a transaction. */
export function isReportKnown(dispute: DisputeRecord, report: DisputeReport): boolean {
  if (isFinalStatus("dispute", dispute.status)) return true;
  const isAnswerPending = dispute.decision !== null && dispute.submittedAt === null;
  return (
    OURS[report.status] === dispute.status &&
    report.pspStatus === dispute.pspStatus &&
    !(isAnswerPending && report.status === "answered")
  );
}

/** Applies the PSP's report; answers the dispute as stored afterwards. */
export async function applyDisputeReport(stored: DisputeRecord, report: DisputeReport): Promise<DisputeRecord> {
  const at = new Date();
  const to = OURS[report.status];
  await getDb().$transaction(async (tx) => {
    // The hold is read and moved under the merchant's funds lock, as a devolucao spends it.
    await lockMerchantFunds(tx, stored.merchantId);
    const dispute = (await findDispute(tx, stored.id)) ?? stored;
    const isAnswerTaken = report.isAnswerTaken || report.status === "answered";
    if (isAnswerTaken) await markDisputeSubmitted(tx, dispute.id, at);
    // The deadline's alert is moot once the PSP holds an answer or has decided.
    if (isAnswerTaken || (to !== "open" && to !== dispute.status)) await resolveDeadlineAlert(tx, dispute.id, at);
    if (isFinalStatus("dispute", dispute.status)) return;
    // A listing that lags behind a known answer says nothing new.
    if (to === "open" && dispute.status !== "open") return;
    if (to === dispute.status || to === "open") {
      await recordPspStatus(tx, dispute.id, report.pspStatus);
      return;
    }
    const isMoved = await changeStatus(tx, "dispute", {
      id: dispute.id,
      from: dispute.status,
      to,
      at,
      pspStatus: report.pspStatus,
    });
    if (isMoved && to !== "answered") await closeDispute(tx, dispute, to, at);
  });
  return (await findDispute(getDb(), stored.id)) ?? stored;
}
