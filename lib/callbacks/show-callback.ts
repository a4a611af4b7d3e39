import { findCallbackEvent, listCallbackAttempts } from "../db/callback-events";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";

/** One event with every attempt made at it: what the operator looks at when a merchant asks. */
export async function showCallback(eventId: string) {
  const event = await findCallbackEvent(getDb(), eventId);
  if (!event) throw new AppError("not_found", `no callback event ${eventId}`);
  const attempts = await listCallbackAttempts(getDb(), eventId);
  return {
    event_id: event.id,
    type: event.type,
    status: event.status,
    merchant_id: event.merchantId,
    payload: event.payload,
    created_at: event.createdAt.toISOString(),
    next_attempt_at: event.status === "pending" ? event.nextAttemptAt.toISOString() : null,
    delivered_at: event.deliveredAt?.toISOString() ?? null,
    attempts: attempts.map((a) => ({
      number: a.number,
      started_at: a.startedAt.toISOString(),
      // Null: in flight, or its worker stopped mid-attempt (the merchant may have received it).
      finished_at: a.finishedAt?.toISOString() ?? null,
      url: a.url,
      key_id: a.keyId,
      http_status: a.httpStatus,
      error: a.error,
      latency_ms: a.latencyMs,
      response_excerpt: a.responseExcerpt,
      is_success: a.isSuccess,
      // Reported by the merchant's forwarder: its success is their laptop's, not a delivery.
      forwarded: a.forwarded,
    })),
  };
}
