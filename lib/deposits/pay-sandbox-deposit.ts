import { runTransaction } from "../db/run-transaction";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Tx, getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { type TransactionRecord, findTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { newEndToEndId } from "../pix/new-end-to-end-id";
import { findProvider } from "../providers/registry";
import { SANDBOX_ISPB } from "../providers/sandbox/sandbox-provider";
import { isPending } from "../transactions/statuses";
import { settleDeposit } from "./settle-deposit";

/**
 * `npm run cashier -- deposit pay ID`: the sandbox provider receives the customer's Pix. Refused
 * for live merchants' deposits, and for deposits that expired or are already settled. `alsoRecord`
 * runs in the settling transaction (the CLI's audit event, auditSandboxPayment).
 */
export async function paySandboxDeposit(
  id: string,
  alsoRecord?: (tx: Tx, deposit: TransactionRecord) => Promise<unknown>,
): Promise<{ id: string; mode: string; status: "paid"; event_id: string }> {
  const deposit = await findTransaction(getDb(), id);
  if (!deposit || deposit.operation === "gateway_out") throw new AppError("not_found", `no deposit ${id}`);
  const merchant = await findMerchant(getDb(), deposit.merchantId);
  if (merchant?.mode !== "sandbox" || !(await findProvider(deposit.provider)).charges?.canSimulatePayments) {
    throw new AppError(
      "invalid_argument",
      `deposit ${id} belongs to a live merchant: only sandbox deposits can be paid by hand`,
    );
  }
  if (!isPending(deposit.status))
    throw new AppError("state_conflict", `deposit ${id} is already ${deposit.status}; it cannot be paid`);
  if (deposit.amountEditable) {
    throw new AppError("state_conflict", `deposit ${id} has no amount yet: the customer has not typed it`);
  }
  const now = new Date();
  if (deposit.expiresAt && deposit.expiresAt <= now) {
    throw new AppError(
      "state_conflict",
      `deposit ${id} expired at ${deposit.expiresAt.toISOString()}; it can no longer be paid`,
    );
  }
  const eventId = await runTransaction(async (tx) => {
    const settled = await settleDeposit(
      tx,
      deposit,
      { outcome: "paid", endToEndId: newEndToEndId(SANDBOX_ISPB, now) },
      "provider",
      now,
    );
    await alsoRecord?.(tx, deposit);
    return settled;
  });
  return { id, mode: deposit.mode, status: "paid", event_id: eventId };
}

/** The audit event of a sandbox deposit paid by hand, committed with its settlement. */
export function auditSandboxPayment(actor: AuditActor, ip: string | null) {
  return (tx: Tx, deposit: TransactionRecord) =>
    recordAuditEvent(tx, {
      actor,
      action: "deposit.sandbox_paid",
      targetType: "transaction",
      targetId: deposit.id,
      merchantId: deposit.merchantId,
      ip,
      detail: { amount_cents: deposit.amountCents.toString() },
    });
}
