import { describeCallbackEvent } from "../callbacks/describe-callback-event";
import { listCallbackEventsPage } from "../db/callback-events";
import { getDb } from "../db/client";
import { coarseDeliveryError } from "../errors/delivery-errors";
import type { MerchantRecord } from "../db/merchants";
import { readKeysetPage } from "../db/read-keyset-page";
import { pageCursors } from "../listing/query";
import { type EventListAnswer, eventListQuerySchema } from "./schemas";

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/**
 * POST /api/events: the verified merchant's callback events of its key's mode, newest first, each
 * with every attempt, described as the console's transaction detail describes them.
 */
export async function listEvents(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ code: number; data: EventListAnswer }> {
  const query = eventListQuerySchema.parse(options.data);
  const filter = {
    merchantId: options.merchant.id,
    mode: options.merchant.mode,
    status: query.status,
    type: query.type,
    objectId: query.transaction_id,
  };
  const page = await readKeysetPage(
    (request) => listCallbackEventsPage(getDb(), filter, request),
    { after: query.after, before: query.before },
    query.limit,
  );
  const now = new Date();
  const { nextCursor, previousCursor } = pageCursors(page);
  return {
    code: 200,
    data: {
      events: page.rows.map((row) => {
        const event = describeCallbackEvent(row, now);
        return {
          event_id: event.eventId,
          type: event.type,
          status: event.status,
          transaction_id: event.objectId,
          created_at: event.createdAt.toISOString(),
          next_attempt_at: isoOrNull(event.nextAttemptAt),
          delivered_at: isoOrNull(event.deliveredAt),
          payload: event.payload,
          attempts: event.attempts.map((attempt) => ({
            number: attempt.number,
            state: attempt.state,
            started_at: attempt.startedAt.toISOString(),
            finished_at: isoOrNull(attempt.finishedAt),
            url: attempt.url,
            key_id: attempt.keyId,
            http_status: attempt.httpStatus,
            latency_ms: attempt.latencyMs,
            error: coarseDeliveryError(attempt.errorCode, attempt.error),
            response_excerpt: attempt.responseExcerpt,
          })),
        };
      }),
      next_cursor: nextCursor,
      previous_cursor: previousCursor,
    },
  };
}
