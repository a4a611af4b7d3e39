// An operator lets a held payout leave (the merchant asked for operator approval): from the
// console's queue ("Aprovar e enviar") or `payout approve`. The approval and the claim commit
// together, so its audit event exists exactly when the send was started; the send itself is
// sendPayout's, single-flight: of ten approvals of one payout, one reaches the PSP.
import { type Actor, assertRole } from "../access/actor";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { findTransaction } from "../db/transactions";
import { AppError } from "../errors/app-error";
import { findProvider } from "../providers/registry";
import { transferIdSchema } from "./schemas";
import { type SendOutcome, sendPayout } from "./send-payout";

export async function approvePayout(
  transferId: string,
  audit: { actor: AuditActor; ip: string | null },
): Promise<{ transfer_id: string; status: SendOutcome }> {
  // The CLI's argument as the console's field: only a transfer id's shape reaches the database.
  const id = transferIdSchema.parse(transferId);
  const payout = await findTransaction(getDb(), id);
  if (payout?.operation !== "gateway_out") throw new AppError("not_found", `no payout ${id}`);
  if (payout.status !== "pending")
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} is ${payout.status}: only a pending payout can be approved`,
    );
  if (!(await findProvider(payout.provider)).transfers)
    throw new AppError(
      "state_conflict",
      `payout ${payout.id} is at an account that cannot send: send it outside the gateway and mark it completed`,
    );
  const status = await sendPayout(payout, {
    actor: "operator",
    alsoRecord: (tx) =>
      recordAuditEvent(tx, {
        actor: audit.actor,
        action: "payout.approved",
        targetType: "payout",
        targetId: payout.id,
        merchantId: payout.merchantId,
        ip: audit.ip,
        detail: { amount_cents: payout.amountCents.toString() },
      }),
  });
  return { transfer_id: payout.id, status };
}

/** The console queue's "Aprovar e enviar". */
export async function approveQueuedPayout(actor: Actor, input: unknown) {
  assertRole(actor, "operator");
  const transferId = transferIdSchema.parse(
    typeof input === "object" && input ? (input as { transferId?: unknown }).transferId : undefined,
  );
  return approvePayout(transferId, { actor, ip: actor.ip });
}
