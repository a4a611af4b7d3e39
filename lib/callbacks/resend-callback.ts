import { requeueCallbackEvent } from "../db/callback-events";
import { type DbOrTx, getDb } from "../db/client";
import { AppError } from "../errors/app-error";

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
