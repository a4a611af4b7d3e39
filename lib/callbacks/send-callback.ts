// One signed POST of a callback's payload to the merchant's URL, after the URL is checked (no
// private targets in production, https there): shared by the outbox's attempts and the
// merchant's test callback. Never throws: a refusal is an outcome like any other. What went wrong
// on the way is said coarsely in the outcome, which the merchant sees, and in detail in the log.
import { getConfig } from "../config/config";
import { signToken } from "../envelope/sign-token";
import { CALLBACK_TOKEN_LIFETIME_SECONDS, CALLBACK_TOKEN_TYPE } from "../envelope/token-types";
import type { MerchantSigningKey } from "../merchants/find-signing-key";
import { type CallbackTarget, type Resolver, checkCallbackTarget } from "./check-callback-target";
import { type DeliveryErrorCode, coarseDeliveryError } from "../errors/delivery-errors";
import { log } from "../log/logger";
import { type PostOutcome, postCallback } from "./post-callback";

/** How attempts reach the network; tests replace parts of it to observe without sending. */
export type CallbackTransport = { resolve?: Resolver; post?: typeof postCallback };

/** Where a merchant's callbacks go and the key that signs them, or why they cannot go. */
export type Destination =
  | { url: string; key: MerchantSigningKey }
  | {
      url: string | null;
      key: MerchantSigningKey | null;
      problemCode: Extract<DeliveryErrorCode, "no_callback_url" | "no_signing_key">;
      problem: string;
    };

/**
 * POSTs `payload` signed for one delivery: its jti is `deliveryId`, unique to this attempt, so a
 * merchant can refuse the same token twice while the event's retries (new tokens, the same
 * event_id) still arrive.
 */
export async function sendCallback(
  payload: Record<string, unknown>,
  destination: Destination,
  deliveryId: string,
  transport: CallbackTransport = {},
): Promise<PostOutcome> {
  const config = getConfig();
  const refused = (errorCode: DeliveryErrorCode, error: string): PostOutcome => ({
    errorCode,
    error,
    httpStatus: null,
    latencyMs: 0,
    responseExcerpt: null,
  });
  if ("problem" in destination) return refused(destination.problemCode, destination.problem);
  const target = await checkCallbackTarget(destination.url, {
    allowPrivate: config.callbacks.allowPrivateTargets,
    requireHttps: config.isProduction,
    resolve: transport.resolve,
  });
  const { keyId, secret, merchantId } = destination.key;
  const signAndPost = async (allowed: Extract<CallbackTarget, { isAllowed: true }>) => {
    const jwt = await signToken({
      keyId,
      secret,
      type: CALLBACK_TOKEN_TYPE,
      lifetimeSeconds: CALLBACK_TOKEN_LIFETIME_SECONDS,
      claims: { jti: deliveryId, data: payload },
    });
    return (transport.post ?? postCallback)(allowed, JSON.stringify({ jwt }), config.callbacks.timeoutMs);
  };
  const sent = target.isAllowed ? await signAndPost(target) : refused(target.code, target.reason);
  if (sent.errorCode === null) return sent;
  log.warn("callback not delivered", {
    merchantId,
    eventId: payload.event_id,
    deliveryId,
    errorCode: sent.errorCode,
    detail: sent.error,
  });
  return { ...sent, error: coarseDeliveryError(sent.errorCode, sent.error) };
}
