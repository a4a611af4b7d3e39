// What the console shows of a dispute and offers each role, decided in one place (as
// lib/console-transactions/transaction-view decides a transaction's page): its status badge's
// tone, the deadline's warning, what it holds, its answer, and whether the answer form is offered.
// A page is only a view: answerConsoleDispute and respondToDispute check the actor and the
// dispute's state again.
import type { Actor } from "../access/actor";
import type { DisputeRecord } from "../db/disputes";

/** Within a day of its deadline, an open dispute nobody answered is the page's warning (and an operator alert). */
export const DEADLINE_WARNING_MS = 24 * 3600_000;

export type DisputeRowView = {
  tone: "success" | "warning" | "error" | "neutral";
  /** An open dispute without an answer: its deadline within a day, or already past. */
  deadline: "near" | "passed" | null;
  /** What it holds now; nothing, because it was released to the balance or returned to the payer. */
  held: { kind: "holding"; cents: bigint } | { kind: "released" } | { kind: "returned" } | { kind: "none" };
  /** The answer given, by whom (a console user's e-mail or an API key's id) and when. */
  answer: {
    decision: string;
    justification: string | null;
    by: { kind: "user"; email: string } | { kind: "key"; keyId: string } | null;
    at: Date | null;
    /** The PSP has taken it (false: sent without an answer back, reconciliation follows it). */
    isConfirmed: boolean;
  } | null;
  /** The form for those who may answer an open dispute no one answered; the read-only note for a viewer. */
  offer: "form" | "viewer_note" | null;
  isSandbox: boolean;
  /** Operators see every merchant's disputes, so each names its merchant. */
  showsMerchant: boolean;
};

const TONES: Record<DisputeRecord["status"], DisputeRowView["tone"]> = {
  open: "warning",
  answered: "neutral",
  won: "success",
  lost: "error",
  canceled: "neutral",
};

function heldOf(dispute: DisputeRecord): DisputeRowView["held"] {
  if (dispute.heldCents > 0n) return { kind: "holding", cents: dispute.heldCents };
  if (dispute.status === "won" || dispute.status === "canceled") return { kind: "released" };
  if (dispute.status === "lost") return { kind: "returned" };
  return { kind: "none" };
}

function answeredByOf(answeredBy: string | null): NonNullable<DisputeRowView["answer"]>["by"] {
  if (answeredBy === null) return null;
  return answeredBy.startsWith("api:")
    ? { kind: "key", keyId: answeredBy.slice("api:".length) }
    : { kind: "user", email: answeredBy };
}

export function disputeRowView(actor: Pick<Actor, "role">, dispute: DisputeRecord, now: Date): DisputeRowView {
  const isOperator = actor.role === "operator";
  // The roles lib/console-disputes/answer-console-dispute allows.
  const mayAnswer = isOperator || actor.role === "merchant-admin";
  const isAwaitingAnswer = dispute.status === "open" && dispute.decision === null;
  const left = dispute.respondBy.getTime() - now.getTime();
  return {
    tone: TONES[dispute.status],
    deadline: !isAwaitingAnswer ? null : left <= 0 ? "passed" : left < DEADLINE_WARNING_MS ? "near" : null,
    held: heldOf(dispute),
    answer:
      dispute.decision === null
        ? null
        : {
            decision: dispute.decision,
            justification: dispute.justification,
            by: answeredByOf(dispute.answeredBy),
            at: dispute.submittedAt ?? dispute.answeredAt,
            isConfirmed: dispute.submittedAt !== null || dispute.status !== "open",
          },
    offer: !isAwaitingAnswer ? null : mayAnswer ? "form" : "viewer_note",
    isSandbox: dispute.mode === "sandbox",
    showsMerchant: isOperator,
  };
}
