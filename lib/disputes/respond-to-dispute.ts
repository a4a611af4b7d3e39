// A dispute's answer, once: the merchant's (POST /api/disputes/respond) or an operator's for it (the
// console), sent to the PSP at once. The answer is claimed on the row, with its audit event, before
// the PSP is called, outside any transaction, so two different answers cannot both go; the PSP's
// refusal gives the claim back, and no answer at all keeps it: the same answer again is sent again,
// and reconciliation reads whether the PSP took it. Nothing is ever submitted without someone asking.
import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { type DisputeRecord, claimDisputeAnswer, findDispute, releaseDisputeAnswer } from "../db/disputes";
import { AppError, isAppError } from "../errors/app-error";
import type { DisputeCapability } from "../providers/contract/payment-provider";
import { capabilityOf, findProvider } from "../providers/registry";
import { type AnswerAudit, type DisputeReport, applyDisputeReport } from "./apply-dispute-report";
import { returnLostSandboxDispute } from "./return-lost-sandbox-dispute";
import type { RespondToDisputeRequest } from "./schemas";

export async function respondToDispute(options: {
  answer: RespondToDisputeRequest;
  /** Only this merchant's (and mode's) dispute is found: another's is not_found, so ids cannot be probed. */
  scope: { merchantId: string; mode?: string } | "any";
  /** Who answers, as the dispute keeps it (an API key's id, a console user's e-mail). */
  answeredBy: string;
  audit: AnswerAudit;
}): Promise<DisputeRecord> {
  const { id, decision, justification } = options.answer;
  const found = await findDispute(getDb(), id);
  const { scope } = options;
  const isVisible =
    found && (scope === "any" || (found.merchantId === scope.merchantId && (!scope.mode || found.mode === scope.mode)));
  if (!found || !isVisible) throw new AppError("not_found", `no dispute with id "${id}" for this merchant`);
  if (found.status !== "open")
    throw new AppError("state_conflict", `dispute ${id} is ${found.status}: it takes one answer, while open`);
  // Before the claim: an account that cannot take answers must not keep one.
  const disputes = capabilityOf(await findProvider(found.provider), "disputes");
  // This very answer, sent before without a reply: the PSP may hold it already.
  const isRepeat = found.decision === decision && found.justification === justification;
  const at = new Date();
  const isClaimed = await getDb().$transaction(async (tx) => {
    if (!(await claimDisputeAnswer(tx, { id, decision, justification, answeredBy: options.answeredBy, at })))
      return false;
    await recordAuditEvent(tx, {
      actor: options.audit.actor,
      action: "dispute.answered",
      targetType: "dispute",
      targetId: id,
      merchantId: found.merchantId,
      ip: options.audit.ip,
      detail: { decision, answeredBy: options.answeredBy },
    });
    return true;
  });
  if (!isClaimed)
    throw new AppError(
      "state_conflict",
      `dispute ${id} already holds another answer (${found.decision ?? "being sent"}); it takes one answer`,
    );
  let decided;
  try {
    decided = await disputes.submitDefense({
      providerDisputeId: found.providerDisputeId,
      openedAt: found.openedAt,
      decision,
      justification,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // No answer keeps this one claimed, to be sent again or found taken by reconciliation.
    if (error.code === "provider_unavailable")
      throw new AppError(
        "provider_unavailable",
        `${error.detail}; your answer is kept: send the same answer again, or wait for the dispute's status to change`,
      );
    return refused(found, error, isRepeat, disputes);
  }
  return applyAnswer(found, { ...decided, isAnswerTaken: true });
}

/**
 * The PSP refused the answer. A repeat whose first sending did reach it is refused as "already
 * answered": the PSP then holds this answer. Otherwise the dispute is free for another answer,
 * unless the PSP has decided it meanwhile (its deadline passed), which is applied and said.
 */
async function refused(
  found: DisputeRecord,
  error: AppError,
  isRepeat: boolean,
  disputes: DisputeCapability,
): Promise<DisputeRecord> {
  const current = await disputes.findDispute(found).catch(() => null);
  if (isRepeat && current?.status === "answered") return applyAnswer(found, { ...current, isAnswerTaken: true });
  await releaseDisputeAnswer(getDb(), found.id);
  if (!current || current.status === "open") throw error;
  const applied = await applyDisputeReport(found, current);
  throw new AppError(
    "state_conflict",
    `the PSP no longer takes an answer to dispute ${found.id}: it is ${applied.status} (${current.pspStatus}); ${error.detail}`,
  );
}

/** The PSP's word once it took the answer; a sandbox dispute lost brings the sandbox's devolucao. */
async function applyAnswer(found: DisputeRecord, report: DisputeReport): Promise<DisputeRecord> {
  const dispute = await applyDisputeReport(found, report);
  if (dispute.mode === "sandbox" && dispute.status === "lost") await returnLostSandboxDispute(dispute);
  return (await findDispute(getDb(), found.id)) ?? dispute;
}
