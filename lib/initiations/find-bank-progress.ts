// How a live customer's bank payment stands, for the hosted page they wait on ("Confirmando com o
// seu banco…"): the newest attempt, asked about at the initiator while it is pending, so a page
// that polls sees the outcome even when the initiator's webhook is late or lost.
import { getDb } from "../db/client";
import { findInitiation, listDepositInitiations } from "../db/initiations";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { isAppError } from "../errors/app-error";
import { type RefusalReasonCode, readRefusalReasonCode } from "../errors/refusal-reasons";
import { confirmInitiation } from "./confirm-initiation";

export type BankProgress =
  | { status: "none" }
  | { status: "pending" | "paid"; bankName: string }
  | { status: "failed"; bankName: string; reason: BankFailureReason | null };

/** Why the bank payment failed: our code, said in the customer's language, and the initiator's own words. */
export type BankFailureReason = { code: RefusalReasonCode | null; detail: string | null };

// A waiting page polls every few seconds; the initiator is asked about one attempt at most this often.
const ASK_EVERY_MS = 5_000;
const shared = globalThis as unknown as { cashierBankAsked?: Map<string, number> };
const asked = () => (shared.cashierBankAsked ??= new Map());

function isDue(attemptId: string, now: number): boolean {
  const last = asked().get(attemptId);
  if (last !== undefined && now - last < ASK_EVERY_MS) return false;
  asked().set(attemptId, now);
  // Forget attempts not asked about for a while, so the map stays the size of the waiting crowd.
  for (const [id, at] of asked()) if (now - at > 10 * ASK_EVERY_MS) asked().delete(id);
  return true;
}

export async function findBankProgress(payment: HostedPayment): Promise<BankProgress> {
  const [latest] = await listDepositInitiations(getDb(), payment.deposit.id);
  if (!latest) return { status: "none" };
  let attempt = latest;
  if (attempt.status === "pending" && payment.state === "open" && isDue(attempt.id, Date.now())) {
    await confirmInitiation(attempt).catch((error: unknown) => {
      // The initiator did not answer: still pending, asked again at the next poll.
      if (!isAppError(error)) throw error;
    });
    attempt = (await findInitiation(getDb(), attempt.id)) ?? attempt;
  }
  if (attempt.status === "failed")
    return {
      status: "failed",
      bankName: attempt.participantName,
      reason:
        attempt.reasonCode || attempt.reason
          ? { code: readRefusalReasonCode(attempt.reasonCode), detail: attempt.reason }
          : null,
    };
  return { status: attempt.status, bankName: attempt.participantName };
}
