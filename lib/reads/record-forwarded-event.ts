import { countForwardedAttempts, findCallbackEvent, insertForwardedAttempt } from "../db/callback-events";
import { getDb } from "../db/client";
import type { MerchantRecord } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { newId } from "../ids/new-id";
import { isTakenStatus } from "../callbacks/post-callback";
import { type ForwardedEventAnswer, forwardedEventSchema } from "./schemas";

/**
 * The forwarder reports at most four tries of an event per run; this bounds what a key calling the
 * route directly, or a forwarder restarted all day, can pile onto one event's attempts.
 */
export const MAX_FORWARDED_ATTEMPTS = 50;

/**
 * POST /api/events/forwarded: the merchant's forwarder (`npm run listen -- --forward-to`) says it
 * posted one of their events to their machine, and the event's attempts show it beside the
 * gateway's own, under the key that asked. The event's delivery to the callback URL goes on as
 * before: a laptop that took it is not the merchant's server. Another merchant's event, or one of
 * the other mode, is a 404 as one that does not exist.
 */
export async function recordForwardedEvent(options: {
  merchant: MerchantRecord;
  keyId: string;
  data: unknown;
}): Promise<{ code: number; data: ForwardedEventAnswer }> {
  const input = forwardedEventSchema.parse(options.data);
  const { merchant } = options;
  const finishedAt = new Date();
  const attempt = await getDb().$transaction(async (tx) => {
    const event = await findCallbackEvent(tx, input.event_id);
    if (!event || event.merchantId !== merchant.id || event.mode !== merchant.mode)
      throw new AppError("not_found", `no callback event ${input.event_id} for this key's merchant and mode`);
    const number = await insertForwardedAttempt(tx, {
      eventId: event.id,
      attempt: {
        id: newId("att"),
        url: input.url,
        keyId: options.keyId,
        startedAt: new Date(finishedAt.getTime() - input.latency_ms),
        finishedAt,
        latencyMs: input.latency_ms,
        httpStatus: input.http_status,
        error: input.error,
        responseExcerpt: null,
        isSuccess: isTakenStatus(input.http_status),
      },
    });
    // Counted after the insert, which locks the event's row: two at once cannot both be the 50th.
    if ((await countForwardedAttempts(tx, event.id)) > MAX_FORWARDED_ATTEMPTS)
      throw new AppError(
        "state_conflict",
        `event ${event.id} has ${MAX_FORWARDED_ATTEMPTS} forwarded attempts recorded, the most one event keeps`,
      );
    return number;
  });
  return { code: 200, data: { event_id: input.event_id, attempt, state: "forwarded" } };
}
