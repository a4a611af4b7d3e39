// One signed POST of a callback's payload to the merchant's URL, after the URL is checked (no
// private targets in production, https there): shared by the outbox's attempts and the
// merchant's test callback. Never throws: a refusal is an outcome like any other.
import { getConfig } from "../config/config";
import { signToken } from "../envelope/sign-token";
import { CALLBACK_TOKEN_LIFETIME_SECONDS, CALLBACK_TOKEN_TYPE } from "../envelope/token-types";
import type { MerchantSigningKey } from "../merchants/find-signing-key";
import { type Resolver, checkCallbackTarget } from "./check-callback-target";
import type { DeliveryErrorCode } from "../errors/delivery-errors";
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
  if (!target.isAllowed) return refused(target.code, target.reason);
  const { keyId, secret } = destination.key;
  const jwt = await signToken({
    keyId,
    secret,
    type: CALLBACK_TOKEN_TYPE,
    lifetimeSeconds: CALLBACK_TOKEN_LIFETIME_SECONDS,
    claims: { jti: deliveryId, data: payload },
  });
  return (transport.post ?? postCallback)(target, JSON.stringify({ jwt }), config.callbacks.timeoutMs);
}
