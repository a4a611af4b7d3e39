import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type CallbackEventRecord, requeueCallbackEvent } from "../db/callback-events";
import { type DbOrTx, type Tx, getDb } from "../db/client";
import { AppError } from "../errors/app-error";
import { spendCallbackSend } from "./spend-callback-send";

/**
 * Queues the same event (same event_id and payload) again, whether it was delivered or failed, at
 * the start of its retry schedule. Earlier attempts stay on record. The console passes its
 * transaction, so the audit event and the requeue commit together.
 */
export async function resendCallback(eventId: string, db: DbOrTx = getDb()) {
  const event = await requeueCallbackEvent(db, eventId, new Date());
  if (!event) throw new AppError("not_found", `no callback event ${eventId}`);
  return { event_id: event.id, status: event.status, next_attempt_at: event.nextAttemptAt.toISOString() };
}

/**
 * A resend someone asked for, on record in the same transaction: the console's "Reenviar" and
 * POST /api/events/resend, each once it has checked the event is the asker's to resend, and
 * within the merchant's budget of test callbacks and resends.
 */
export async function resendAuditedCallback(
  tx: Tx,
  event: CallbackEventRecord,
  by: { actor: AuditActor; ip: string | null },
) {
  await spendCallbackSend(event.merchantId);
  const resent = await resendCallback(event.id, tx);
  await recordAuditEvent(tx, {
    actor: by.actor,
    action: "callback.resent",
    targetType: "callback_event",
    targetId: event.id,
    merchantId: event.merchantId,
    ip: by.ip,
    detail: { type: event.type, previous_status: event.status },
  });
  return resent;
}
