import { requeueCallbackEvent } from "../db/callback-events";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";

/**
 * Queues the same event (same event_id and payload) again, whether it was delivered or failed, at
 * the start of its retry schedule. Earlier attempts stay on record.
 */
export async function resendCallback(eventId: string) {
  const event = await requeueCallbackEvent(getDb(), eventId, new Date());
  if (!event) throw new AppError("not_found", `no callback event ${eventId}`);
  return { event_id: event.id, status: event.status, next_attempt_at: event.nextAttemptAt.toISOString() };
}
