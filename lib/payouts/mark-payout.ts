// An operator marks a payout completed or canceled (the spec's two states): a payout whose
// account cannot transfer was sent outside the gateway (the PSP's portal, internet banking) and
// the marking records it; any payout still pending can be canceled. Single-flight: the payout is
// first claimed (pending → processing, a conditional update, committed), so of several markings
// one commits; then the final state, the funds movement and the callback commit together.
import { changeStatus } from "../db/change-status";
import { type Tx, getDb } from "../db/client";
import { type Actor, type PayoutRecord, findTransaction, reclaimProcessingTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { findProvider } from "../providers/registry";
import { isBeingMarked, isPayoutOutcome } from "../transactions/statuses";
import { type PayoutEnding, finishPayout } from "./finish-payout";

/**
 * `by`: who the payout's history says moved it; an operator unless the merchant's own sandbox
 * simulation did (POST /api/sandbox/simulate).
 */
export type PayoutMarking = { transferId: string; isResume?: boolean; by?: Extract<Actor, "operator" | "merchant"> } & (
  { outcome: "completed" } | { outcome: "canceled"; reasonCode: string; reason: string }
);

/**
 * How long a payout must have been processing before `--resume` may take it over: a marking that
 * crashed between the provider call and the final state. Shorter would let a resume race a
 * marking still under way; the transfer id keeps even that to one transfer at the provider.
 */
export const RESUME_AFTER_MS = 2 * 60_000;

async function claim(marking: PayoutMarking, payout: PayoutRecord, at: Date): Promise<void> {
  if (marking.isResume) {
    if (!isBeingMarked(payout.status))
      throw new AppError(
        "state_conflict",
        `payout ${payout.id} is ${payout.status}, not processing: nothing to resume`,
      );
    const idleMs = at.getTime() - payout.updatedAt.getTime();
    if (idleMs < RESUME_AFTER_MS) {
      throw new AppError(
        "state_conflict",
        `payout ${payout.id} has been processing for ${Math.round(idleMs / 1000)} s; it can be resumed after ${RESUME_AFTER_MS / 1000} s`,
      );
    }
    // The provider may have moved the money already: a resume finishes the marking that was
    // started, never the opposite one. A send the PSP never ended is finished only as the PSP
    // says it went.
    if (payout.claimedOutcome === "transfer") await assertPspAgrees(marking, payout);
    else if (payout.claimedOutcome !== marking.outcome) {
      throw new AppError(
        "state_conflict",
        `payout ${payout.id} was being marked ${payout.claimedOutcome ?? "otherwise"}; resume it with that outcome`,
      );
    }
    if (!(await reclaimProcessingTransaction(getDb(), payout.id, payout.updatedAt))) {
      throw new AppError("state_conflict", `payout ${payout.id} was resumed by someone else`);
    }
    return;
  }
  if (isBeingMarked(payout.status)) {
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} is being marked by someone else; if that marking crashed, use --resume after ${RESUME_AFTER_MS / 1000} s`,
    );
  }
  // Refused here in the outcome asked for: the claim's own move, to processing, is a state the
  // API never shows (a merchant's sandbox simulation gets this message too).
  if (isPayoutOutcome(payout.status)) {
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} is ${payout.status} and cannot become ${marking.outcome}; a ${payout.status} payout is final and never changes`,
    );
  }
  const isClaimed = await changeStatus(getDb(), "payout", {
    id: payout.id,
    from: payout.status,
    to: "processing",
    actor: marking.by ?? "operator",
    at,
    claimedOutcome: marking.outcome,
    note: `marking ${marking.outcome}`,
  });
  if (!isClaimed) throw new AppError("state_conflict", `payout ${payout.id} was just marked by someone else`);
}

/**
 * An operator's way out for a send the PSP never ended where reconciliation can (its answer names
 * another amount, or it stays in progress): completed only once the PSP says the Pix left, canceled
 * only while it has no such send or says it failed. Money the PSP may still move is never released.
 */
async function assertPspAgrees(marking: PayoutMarking, payout: PayoutRecord): Promise<void> {
  const transfers = (await findProvider(payout.provider)).transfers;
  const transfer = await transfers?.findTransfer(payout.id);
  const pspSays = transfer?.status ?? "nothing";
  const agrees =
    marking.outcome === "completed" ? pspSays === "completed" : pspSays === "nothing" || pspSays === "failed";
  if (!agrees)
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} was sent through its PSP, which says ${pspSays === "nothing" ? "it has no such send" : `it is ${pspSays}`}: it cannot be marked ${marking.outcome}`,
    );
}

/** Whether the payout's account sends payouts itself; an account that cannot be reached any more is taken as one that cannot. */
async function isSentByProvider(payout: PayoutRecord): Promise<boolean> {
  try {
    return Boolean((await findProvider(payout.provider)).transfers);
  } catch {
    return false;
  }
}

/**
 * `alsoRecord` writes inside the transaction that commits the final state (the console's audit
 * event), so the record exists exactly when the marking does.
 */
export async function markPayout(
  marking: PayoutMarking,
  alsoRecord?: (tx: Tx, payout: PayoutRecord) => Promise<unknown>,
) {
  const payout = await findTransaction(getDb(), marking.transferId);
  if (!payout || payout.operation !== "gateway_out") throw new AppError("not_found", `no payout ${marking.transferId}`);
  // Money the gateway sends itself is never marked sent: the PSP's answer decides it.
  if (marking.outcome === "completed" && !marking.isResume && (await isSentByProvider(payout))) {
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} is sent by its PSP account, not by hand: approve it to send it (payout approve), or cancel it`,
    );
  }
  await claim(marking, payout, new Date());

  const ending: PayoutEnding =
    marking.outcome === "canceled"
      ? { outcome: "canceled", reasonCode: marking.reasonCode, reason: marking.reason }
      : { outcome: "completed" };
  const eventId = await getDb().$transaction(async (tx) => {
    const id = await finishPayout(tx, payout, ending, { actor: marking.by ?? "operator", at: new Date() });
    await alsoRecord?.(tx, payout);
    return id;
  });
  return { transfer_id: payout.id, mode: payout.mode, status: marking.outcome, event_id: eventId };
}
