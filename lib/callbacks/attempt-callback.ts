// One attempt at one claimed event: sign a fresh token (new iat, same event_id), POST it to the
// merchant's current callback URL, store the attempt and the event's next state together.
import { getConfig } from "../config/config";
import { type CallbackEventRecord, recordCallbackAttempt } from "../db/callback-events";
import { getDb } from "../db/client";
import { findMerchant } from "../db/merchants";
import { signToken } from "../envelope/sign-token";
import { CALLBACK_TOKEN_TYPE } from "../envelope/token-types";
import { newId } from "../ids";
import { log } from "../log/logger";
import { findActiveSigningKey } from "../merchants/find-active-signing-key";
import type { MerchantSigningKey } from "../merchants/find-signing-key";
import { type Resolver, checkCallbackTarget } from "./check-callback-target";
import { type PostOutcome, postCallback } from "./post-callback";
import { retryDelayMs } from "./retry-delay";

/** How attempts reach the network; tests replace parts of it to observe without sending. */
export type CallbackTransport = { resolve?: Resolver; post?: typeof postCallback };

export type AttemptResult = "delivered" | "retrying" | "failed" | "lease-lost";

/** Where a merchant's callbacks go and the key that signs them, or why they cannot go. */
export type Destination =
  | { url: string; key: MerchantSigningKey }
  | { url: string | null; key: MerchantSigningKey | null; problem: string };

export async function findDestination(merchantId: string): Promise<Destination> {
  const merchant = await findMerchant(getDb(), merchantId);
  if (!merchant?.callbackUrl) return { url: null, key: null, problem: "the merchant has no callback URL" };
  const key = await findActiveSigningKey(merchantId);
  if (!key) return { url: merchant.callbackUrl, key: null, problem: "the merchant has no active key to sign with" };
  return { url: merchant.callbackUrl, key };
}

type Sent = PostOutcome & { url: string | null; keyId: string | null };

async function send(payload: Record<string, unknown>, destination: Destination, transport: CallbackTransport): Promise<Sent> {
  const config = getConfig();
  const refused = (error: string): Sent => ({
    url: destination.url,
    keyId: destination.key?.keyId ?? null,
    error,
    httpStatus: null,
    latencyMs: 0,
    responseExcerpt: null,
  });
  if ("problem" in destination) return refused(destination.problem);
  const target = await checkCallbackTarget(destination.url, {
    allowPrivate: config.callbacks.allowPrivateTargets,
    requireHttps: config.isProduction,
    resolve: transport.resolve,
  });
  if (!target.isAllowed) return refused(target.reason);
  const { keyId, secret } = destination.key;
  const jwt = await signToken({ keyId, secret, type: CALLBACK_TOKEN_TYPE, claims: { data: payload } });
  const outcome = await (transport.post ?? postCallback)(target, JSON.stringify({ jwt }), config.callbacks.timeoutMs);
  return { ...outcome, url: destination.url, keyId };
}

/** The caller holds the event's lease under `owner` (see claimCallbackEvents). */
export async function attemptCallback(
  event: CallbackEventRecord,
  owner: string,
  destination: Destination,
  transport: CallbackTransport = {},
): Promise<AttemptResult> {
  const startedAt = new Date();
  const sent = await send(event.payload, destination, transport);
  const isSuccess = sent.httpStatus !== null && sent.httpStatus >= 200 && sent.httpStatus < 300;
  const now = new Date();
  const delay = isSuccess ? null : retryDelayMs(getConfig().callbacks.retrySchedule, event.scheduleStep);
  const result: AttemptResult = isSuccess ? "delivered" : delay === null ? "failed" : "retrying";
  const number = event.attempts + 1;
  const isRecorded = await getDb().$transaction((tx) =>
    recordCallbackAttempt(tx, {
      eventId: event.id,
      owner,
      attempt: {
        id: newId("att"),
        number,
        url: sent.url,
        keyId: sent.keyId,
        startedAt,
        latencyMs: sent.latencyMs,
        httpStatus: sent.httpStatus,
        error: sent.error,
        responseExcerpt: sent.responseExcerpt,
        isSuccess,
      },
      next: {
        status: result === "retrying" ? "pending" : result,
        nextAttemptAt: delay === null ? now : new Date(now.getTime() + delay),
        scheduleStep: isSuccess ? event.scheduleStep : event.scheduleStep + 1,
        deliveredAt: isSuccess ? now : null,
      },
    }),
  );
  const fields = { eventId: event.id, type: event.type, merchantId: event.merchantId, attempt: number, httpStatus: sent.httpStatus, ms: sent.latencyMs };
  if (!isRecorded) {
    log.warn("callback attempt outlived its lease; another worker owns the event now", fields);
    return "lease-lost";
  }
  if (isSuccess) log.info("callback delivered", fields);
  else log.warn(result === "failed" ? "callback failed for good" : "callback attempt failed", { ...fields, error: sent.error });
  return result;
}
