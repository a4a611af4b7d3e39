import { getDb } from "../db/client";
import { findUndecidedDispute } from "../db/disputes";
import type { TransactionRecord } from "../db/transactions";
import { openDispute } from "../disputes/open-dispute";
import { AppError } from "../errors/app-error";
import { randomAlphanumeric } from "../ids/new-id";
import { SANDBOX_ACCOUNT_ID } from "../providers/sandbox/sandbox-initiations";

const DAY_MS = 24 * 3600_000;

/**
 * POST /api/sandbox/simulate with outcome disputed: the sandbox PSP lists a MED infraction against
 * the paid deposit's Pix, which becomes a dispute as a live one does (held, dispute.opened), with
 * the PSP's seven days to answer.
 */
export async function disputeSandboxDeposit(transaction: TransactionRecord) {
  // A merchant switched from live to sandbox still has its live deposits: never a sandbox hold on them.
  if (transaction.mode !== "sandbox" || transaction.provider !== SANDBOX_ACCOUNT_ID)
    throw new AppError(
      "invalid_argument",
      `deposit ${transaction.id} is not a sandbox deposit: only those are disputed by hand`,
    );
  if (transaction.operation === "gateway_out" || transaction.status !== "paid" || !transaction.pixEndToEndId)
    throw new AppError(
      "state_conflict",
      `only a paid deposit can be disputed; ${transaction.id} is ${transaction.status}`,
    );
  const undecided = await findUndecidedDispute(getDb(), transaction.id);
  if (undecided)
    throw new AppError("state_conflict", `deposit ${transaction.id} already has dispute ${undecided.id} undecided`);
  const now = new Date();
  const { dispute, eventId } = await openDispute(SANDBOX_ACCOUNT_ID, {
    providerDisputeId: `sandbox${randomAlphanumeric(20)}`,
    endToEndId: transaction.pixEndToEndId,
    amountCents: transaction.amountCents,
    status: "open",
    pspStatus: "ABERTA",
    reasonCode: "scam",
    reason: null,
    openedAt: now,
    respondBy: new Date(now.getTime() + 7 * DAY_MS),
  });
  if (!dispute || !eventId)
    throw new AppError("internal_error", `the sandbox dispute of ${transaction.id} was not opened`);
  return {
    id: transaction.id,
    mode: transaction.mode,
    status: "paid" as const,
    dispute_id: dispute.id,
    event_id: eventId,
  };
}
