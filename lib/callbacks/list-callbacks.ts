import { type CallbackStatus, listCallbackEvents } from "../db/callback-events";
import { getDb } from "../db/client";

export type CallbackSummary = {
  event_id: string;
  type: string;
  status: CallbackStatus;
  /** Attempts made in all. */
  attempts: number;
  merchant_id: string;
  created_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
};

/** The newest events first, for the operator. */
export async function listCallbacks(
  options: { status?: CallbackStatus; limit?: number } = {},
): Promise<CallbackSummary[]> {
  const events = await listCallbackEvents(getDb(), { status: options.status, limit: options.limit ?? 100 });
  return events.map((event) => ({
    event_id: event.id,
    type: event.type,
    status: event.status,
    attempts: event.attempts,
    merchant_id: event.merchantId,
    created_at: event.createdAt.toISOString(),
    next_attempt_at: event.status === "pending" ? event.nextAttemptAt.toISOString() : null,
    delivered_at: event.deliveredAt?.toISOString() ?? null,
  }));
}
