// A callback event as the merchant and the console look at it: its state, the payload every
// attempt carried, and what each attempt came to. The console's transaction detail and
// POST /api/events both describe events through this, so they cannot tell two stories.
import type { CallbackAttemptRecord, CallbackEventWithAttempts, CallbackStatus } from "../db/callback-events";

/**
 * succeeded / failed: the attempt finished with that outcome. in_flight: started, and its worker
 * still holds the event. interrupted: started, and the worker is gone without recording an answer
 * (the merchant may have received it). forwarded: the merchant's own forwarder posted it to their
 * machine (`npm run listen -- --forward-to`); its http_status says what answered there.
 */
export type AttemptState = "succeeded" | "failed" | "in_flight" | "interrupted" | "forwarded";

/** An attempt as recorded (with the key id that signed it), and what it came to. */
export type CallbackAttemptItem = Omit<CallbackAttemptRecord, "isSuccess" | "forwarded"> & { state: AttemptState };

export type CallbackItem = {
  eventId: string;
  type: string;
  status: CallbackStatus;
  /** The deposit, payout or refund it reports. */
  objectId: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  payload: Record<string, unknown>;
  attempts: CallbackAttemptItem[];
};

export function describeCallbackEvent(event: CallbackEventWithAttempts, now: Date): CallbackItem {
  const lastDelivery = Math.max(0, ...event.attemptRows.filter((row) => !row.forwarded).map((row) => row.number));
  return {
    eventId: event.id,
    type: event.type,
    status: event.status,
    objectId: event.objectId,
    createdAt: event.createdAt,
    nextAttemptAt: event.status === "pending" ? event.nextAttemptAt : null,
    deliveredAt: event.deliveredAt,
    payload: event.payload,
    attempts: event.attemptRows.map(({ isSuccess, forwarded, ...attempt }) => {
      // A forwarded attempt recorded after a delivery began leaves that delivery in flight.
      const isLatest = attempt.number === lastDelivery;
      const isHeld = event.leaseExpiresAt !== null && event.leaseExpiresAt > now;
      const state: AttemptState = forwarded
        ? "forwarded"
        : attempt.finishedAt !== null
          ? isSuccess
            ? "succeeded"
            : "failed"
          : isLatest && isHeld
            ? "in_flight"
            : "interrupted";
      return { ...attempt, state };
    }),
  };
}
