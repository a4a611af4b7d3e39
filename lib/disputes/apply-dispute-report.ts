// What the PSP says of a dispute (its listing, or its answer to a defense) applied to the stored
// one: answered once the PSP holds an answer, then won, lost or canceled. Duplicate and late reports
// change nothing twice: each move is conditional, and a final status never changes.
//
// Closing releases what the dispute holds (won, canceled) in the same transaction as the move and
// dispute.closed; a lost dispute keeps it for the MED devolucao that follows, which spends it
// (spend-dispute-hold) rather than reserving the money a second time.
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { enqueueCallback } from "../callbacks/enqueue-callback";
import { changeStatus } from "../db/change-status";
import { type Tx, getDb } from "../db/client";
import { type DisputeRecord, findDispute, markDisputeSubmitted, recordPspStatus, setDisputeHeld } from "../db/disputes";
import { lockMerchantFunds } from "../db/ledger";
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

/** The audit event of an operator's or a merchant's answer, committed with the change it caused. */
export type AnswerAudit = { actor: AuditActor; ip: string | null };

async function closeDispute(tx: Tx, dispute: DisputeRecord, to: "won" | "lost" | "canceled", at: Date) {
  if (to !== "lost" && dispute.heldCents > 0n) {
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

/**
 * Applies the PSP's report; answers the dispute as stored afterwards. `audit` records who answered
 * when the report is the PSP's answer to their defense.
 */
export async function applyDisputeReport(
  stored: DisputeRecord,
  report: DisputeReport,
  options: { at?: Date; audit?: AnswerAudit & { detail: Record<string, unknown> } } = {},
): Promise<DisputeRecord> {
  const at = options.at ?? new Date();
  const to = OURS[report.status];
  await getDb().$transaction(async (tx) => {
    // The hold is read and moved under the merchant's funds lock, as a devolucao spends it.
    await lockMerchantFunds(tx, stored.merchantId);
    const dispute = (await findDispute(tx, stored.id)) ?? stored;
    const isAnswerTaken = report.isAnswerTaken || report.status === "answered";
    if (isAnswerTaken) await markDisputeSubmitted(tx, dispute.id, at);
    if (options.audit)
      await recordAuditEvent(tx, {
        actor: options.audit.actor,
        action: "dispute.answered",
        targetType: "dispute",
        targetId: dispute.id,
        merchantId: dispute.merchantId,
        ip: options.audit.ip,
        detail: options.audit.detail,
      });
    if (isFinalStatus("dispute", dispute.status) || to === dispute.status || to === "open") {
      await recordPspStatus(tx, dispute.id, report.pspStatus);
      return;
    }
    // Decided before anyone saw it answered: the answer, if one was given, went to the PSP.
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
