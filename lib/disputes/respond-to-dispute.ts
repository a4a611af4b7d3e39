// A dispute's answer, once: the merchant's (POST /api/disputes/respond) or an operator's for it (the
// console), sent to the PSP at once. The answer is claimed on the row before the PSP is called,
// outside any transaction, so two answers at once cannot both go; the PSP's refusal gives the
// claim back, and no answer at all keeps it: the same answer again is sent again, and
// reconciliation reads whether the PSP took it. Nothing is ever submitted without someone asking.
import { getDb } from "../db/client";
import { type DisputeRecord, claimDisputeAnswer, findDispute, releaseDisputeAnswer } from "../db/disputes";
import { AppError, isAppError } from "../errors/app-error";
import { capabilityOf, findProvider } from "../providers/registry";
import { returnSandboxDisputedPix } from "../sandbox/return-sandbox-disputed-pix";
import { type AnswerAudit, type DisputeReport, applyDisputeReport } from "./apply-dispute-report";
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
  const at = new Date();
  if (!(await claimDisputeAnswer(getDb(), { id, decision, justification, answeredBy: options.answeredBy, at })))
    throw new AppError(
      "state_conflict",
      `dispute ${id} already holds another answer (${found.decision ?? "being sent"}); it takes one answer`,
    );
  const disputes = capabilityOf(await findProvider(found.provider), "disputes");
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
    // A refusal may be the PSP's "already answered" to a repeat whose first sending did reach it:
    // then it holds this answer. Otherwise the dispute is open for another.
    const held = await disputes.findDispute(found).catch(() => null);
    if (held && held.status !== "open") return applyAnswer(found, { ...held, isAnswerTaken: true }, at, options);
    await releaseDisputeAnswer(getDb(), id);
    throw error;
  }
  return applyAnswer(found, { ...decided, isAnswerTaken: true }, at, options);
}

/** The PSP's word after it took the answer, applied with the answer's audit event. */
async function applyAnswer(
  found: DisputeRecord,
  report: DisputeReport,
  at: Date,
  options: { answer: RespondToDisputeRequest; answeredBy: string; audit: AnswerAudit },
): Promise<DisputeRecord> {
  const detail = { decision: options.answer.decision, answeredBy: options.answeredBy };
  const dispute = await applyDisputeReport(found, report, { at, audit: { ...options.audit, detail } });
  if (dispute.mode === "sandbox" && dispute.status === "lost") await returnSandboxDisputedPix(dispute);
  return (await findDispute(getDb(), found.id)) ?? dispute;
}
