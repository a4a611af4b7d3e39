import type { Tx } from "../db/client";
import { insertCallbackEvent } from "../db/callback-events";
import { newId } from "../ids/new-id";
import type { CallbackType } from "./callback-types";

/**
 * Writes a callback into the outbox inside the caller's transaction, the one that makes the state
 * change it reports: both commit or neither does. Delivery happens later, in the worker.
 * Returns the event_id.
 */
export async function enqueueCallback(
  tx: Tx,
  event: {
    merchantId: string;
    objectId: string;
    /** The request id of what it reports, which the delivery's log lines carry. */
    requestId: string | null;
    /** The mode of the deposit, payout or refund it reports. */
    mode: string;
    type: CallbackType;
    data: Record<string, unknown>;
    occurredAt?: Date;
  },
): Promise<string> {
  const id = newId("evt");
  const occurredAt = event.occurredAt ?? new Date();
  await insertCallbackEvent(tx, {
    id,
    merchantId: event.merchantId,
    objectId: event.objectId,
    requestId: event.requestId,
    mode: event.mode,
    type: event.type,
    payload: { event_id: id, type: event.type, ...event.data, occurred_at: occurredAt.toISOString() },
    // Due as soon as it commits, whatever time the change is dated.
    nextAttemptAt: new Date(),
  });
  return id;
}
