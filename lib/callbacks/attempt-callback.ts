// One attempt at one claimed event: record it as started, sign a fresh token (new iat, the
// attempt's id as its jti, the same event_id) and POST it to the merchant's current callback URL
// (send-callback), then complete the attempt and store the event's next state together. Recorded
// first so that a crash mid-POST leaves the attempt on record.
import { getConfig } from "../config/config";
import { type CallbackEventRecord, beginCallbackAttempt, completeCallbackAttempt } from "../db/callback-events";
import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { SpanKind, inSpan, markSpanFailed } from "../tracing/spans";
import { findActiveSigningKey } from "../merchants/find-active-signing-key";
import { describeMissingCallbackUrl } from "./describe-callback-url-setting";
import { retryDelayMs } from "./retry-delay";
import { isTakenStatus } from "./post-callback";
import { type CallbackTransport, type Destination, sendCallback } from "./send-callback";

export type { CallbackTransport, Destination };

export type AttemptResult = "delivered" | "retrying" | "failed" | "lease-lost";

export async function findDestination(merchantId: string): Promise<Destination> {
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant?.callbackUrl) {
    return { url: null, key: null, problemCode: "no_callback_url", problem: describeMissingCallbackUrl(merchantId) };
  }
  const key = await findActiveSigningKey(merchantId);
  if (!key) {
    const problem = "the merchant has no active key to sign with";
    return { url: merchant.callbackUrl, key: null, problemCode: "no_signing_key", problem };
  }
  return { url: merchant.callbackUrl, key };
}

/** The caller holds the event's lease under `owner` (see claimCallbackEvents). */
export async function attemptCallback(
  event: CallbackEventRecord,
  owner: string,
  destination: Destination,
  transport: CallbackTransport = {},
): Promise<AttemptResult> {
  const attemptId = newId("att");
  const number = await getDb().$transaction((tx) =>
    beginCallbackAttempt(tx, {
      eventId: event.id,
      owner,
      attempt: { id: attemptId, url: destination.url, keyId: destination.key?.keyId ?? null, startedAt: new Date() },
    }),
  );
  // What it reports, and the request that created that: a merchant's create and its callback
  // are found together in the log.
  const fields = {
    eventId: event.id,
    type: event.type,
    merchantId: event.merchantId,
    objectId: event.objectId,
    ...(event.requestId === null ? {} : { requestId: event.requestId }),
    attempt: number,
  };
  if (number === null) {
    log.warn("callback lease lost before the attempt; another worker owns the event now", fields);
    return "lease-lost";
  }
  // The delivery's span: a root (no request is being handled), carrying the request id of what it
  // reports; the merchant's server receives its trace context.
  const sent = await inSpan(
    `callback ${event.type}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "cashier.event_id": event.id,
        "cashier.event_type": event.type,
        "cashier.merchant_id": event.merchantId,
        "cashier.attempt": number,
        ...(event.objectId === null ? {} : { "cashier.object_id": event.objectId }),
        ...(event.requestId === null ? {} : { "cashier.request_id": event.requestId }),
      },
    },
    async (span) => {
      const outcome = await sendCallback(event.payload, destination, attemptId, transport);
      if (outcome.httpStatus !== null) span.setAttribute("http.response.status_code", outcome.httpStatus);
      if (outcome.error) markSpanFailed(span, outcome.error);
      return outcome;
    },
  );
  const isSuccess = isTakenStatus(sent.httpStatus);
  const now = new Date();
  const delay = isSuccess ? null : retryDelayMs(getConfig().callbacks.retrySchedule, event.scheduleStep);
  const result: AttemptResult = isSuccess ? "delivered" : delay === null ? "failed" : "retrying";
  const isRecorded = await getDb().$transaction((tx) =>
    completeCallbackAttempt(tx, {
      eventId: event.id,
      owner,
      attemptId,
      outcome: { ...sent, isSuccess, finishedAt: now },
      next: {
        status: result === "retrying" ? "pending" : result,
        nextAttemptAt: delay === null ? now : new Date(now.getTime() + delay),
        scheduleStep: isSuccess ? event.scheduleStep : event.scheduleStep + 1,
        deliveredAt: isSuccess ? now : null,
      },
    }),
  );
  const outcome = { ...fields, httpStatus: sent.httpStatus, ms: sent.latencyMs };
  if (!isRecorded) {
    log.warn("callback attempt outlived its lease; another worker owns the event now", outcome);
    return "lease-lost";
  }
  if (isSuccess) log.info("callback delivered", outcome);
  else
    log.warn(result === "failed" ? "callback failed for good" : "callback attempt failed", {
      ...outcome,
      error: sent.error,
    });
  return result;
}
