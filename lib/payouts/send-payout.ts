// A live payout sent through its account's PSP (Gateway Out that moves money). Single-flight: it
// is first claimed (pending → processing for a transfer, a conditional update, committed), so of
// several senders (ten approvals, a create and a reconciliation) one reaches the PSP; the PSP is
// called outside any transaction, under the payout's transfer id, so a repeat after a timeout or
// a crash is the same send; then its answer is applied (lib/payouts/apply-transfer).
import { changeStatus } from "../db/change-status";
import { type Tx, getDb } from "../db/client";
import { type Actor, type PayoutRecord, findTransaction, reclaimProcessingTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { log } from "../log/logger";
import { capabilityOf, findProvider, isProviderAccountDisabled } from "../providers/registry";
import { type TransferOutcome, applyTransfer } from "./apply-transfer";
import { toTransferRequest } from "./to-transfer-request";

export type SendOutcome = TransferOutcome | "processing";

async function claim(
  payout: PayoutRecord,
  actor: Actor,
  alsoRecord?: (tx: Tx, payout: PayoutRecord) => Promise<unknown>,
): Promise<void> {
  if (payout.status === "processing" && payout.claimedOutcome === "transfer") {
    // A send a process left unfinished (it died, or its call timed out): taken over only if no
    // one touched it since it was seen, so of two resumers one sends.
    if (!(await reclaimProcessingTransaction(getDb(), payout.id, payout.updatedAt)))
      throw new AppError("state_conflict", `payout ${payout.id} was just resumed by someone else`);
    return;
  }
  if (payout.status !== "pending")
    throw new AppError("state_conflict", `payout ${payout.id} is ${payout.status}: it is not waiting to be sent`);
  const isClaimed = await getDb().$transaction(async (tx) => {
    const changed = await changeStatus(tx, "payout", {
      id: payout.id,
      from: "pending",
      to: "processing",
      actor,
      at: new Date(),
      claimedOutcome: "transfer",
      note: `sending through ${payout.provider}`,
    });
    if (changed) await alsoRecord?.(tx, payout);
    return changed;
  });
  if (!isClaimed) throw new AppError("state_conflict", `payout ${payout.id} is already being sent`);
}

/**
 * Sends a pending payout, or resumes one left processing, and applies what the PSP answers.
 * `alsoRecord` commits with the claim (an approval's audit event). Throws state_conflict when
 * another sender has it; once claimed, a PSP that cannot be reached leaves it processing (never
 * pending: the send may have arrived), for reconciliation to ask under the same transfer id.
 */
export async function sendPayout(
  payout: PayoutRecord,
  options: { actor: Actor; alsoRecord?: (tx: Tx, payout: PayoutRecord) => Promise<unknown> },
): Promise<SendOutcome> {
  const transfers = capabilityOf(await findProvider(payout.provider), "transfers");
  // A payout that has not left yet does not leave through an account an operator disabled
  // (credentials leaked, contract ending); one already claimed is followed up wherever it went.
  if (payout.status === "pending" && (await isProviderAccountDisabled(payout.provider)))
    throw new AppError(
      "provider_unavailable",
      `payout ${payout.id} is at provider account ${payout.provider}, which is disabled: cancel it, and the merchant sends it again`,
    );
  // Built before the claim: a payout that cannot be put to the PSP is never left claimed.
  const request = toTransferRequest(payout);
  await claim(payout, options.actor, options.alsoRecord);
  let transfer;
  try {
    transfer = await transfers.sendTransfer(request);
  } catch (error) {
    log.warn("payout send not answered; reconciliation asks the PSP under its transfer id", {
      transferId: payout.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return "processing";
  }
  const claimed = await findTransaction(getDb(), payout.id);
  if (claimed?.operation !== "gateway_out") throw new AppError("internal_error", `payout ${payout.id} disappeared`);
  return applyTransfer(claimed, transfer);
}
