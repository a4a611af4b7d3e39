// How a live customer's bank payment stands, for the hosted page they wait on ("Confirmando com o
// seu banco…"): the newest attempt, asked about at the initiator while it is pending, so a page
// that polls sees the outcome even when the initiator's webhook is late or lost.
import { getDb } from "../db/client";
import { findInitiation, listDepositInitiations } from "../db/initiations";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { isAppError } from "../errors/app-error";
import { confirmInitiation } from "./confirm-initiation";

export type BankProgress =
  | { status: "none" }
  | { status: "pending" | "paid"; bankName: string }
  | { status: "failed"; bankName: string; reason: string };

export async function findBankProgress(payment: HostedPayment): Promise<BankProgress> {
  const [latest] = await listDepositInitiations(getDb(), payment.deposit.id);
  if (!latest) return { status: "none" };
  let attempt = latest;
  if (attempt.status === "pending" && payment.state === "open") {
    await confirmInitiation(attempt).catch((error: unknown) => {
      // The initiator did not answer: still pending, asked again at the next poll.
      if (!isAppError(error)) throw error;
    });
    attempt = (await findInitiation(getDb(), attempt.id)) ?? attempt;
  }
  if (attempt.status === "failed")
    return { status: "failed", bankName: attempt.participantName, reason: attempt.reason ?? "" };
  return { status: attempt.status, bankName: attempt.participantName };
}
