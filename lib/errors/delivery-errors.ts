// Why a callback attempt got no answer, as a code stored beside the attempt's text
// (CallbackAttempt.errorCode). The merchant is told only its coarse reason: which of a name that
// does not resolve, one that resolves to a private address, a refused connection or a failed TLS
// handshake it was would map the gateway's network for whoever chose the URL. The detail goes to
// the server's log (lib/callbacks/send-callback).
import { readStoredCode } from "./read-stored-code";

export const DELIVERY_ERROR_CODES = [
  "no_callback_url",
  "no_signing_key",
  "url_invalid",
  "scheme_not_allowed",
  "host_unresolved",
  "address_not_public",
  "timeout",
  "connection_failed",
] as const;

export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/** A stored code as one of ours (lib/errors/read-stored-code). */
export function readDeliveryErrorCode(stored: string | null): DeliveryErrorCode | null {
  return readStoredCode(DELIVERY_ERROR_CODES, stored);
}

/** What the merchant is told: the console in its reader's language, the API and the stored text in English. */
export type DeliveryReason = "no_callback_url" | "no_signing_key" | "address_not_allowed" | "no_answer";

const reasons: Record<DeliveryErrorCode, DeliveryReason> = {
  no_callback_url: "no_callback_url",
  no_signing_key: "no_signing_key",
  url_invalid: "address_not_allowed",
  scheme_not_allowed: "address_not_allowed",
  host_unresolved: "address_not_allowed",
  address_not_public: "address_not_allowed",
  timeout: "no_answer",
  connection_failed: "no_answer",
};

export function deliveryReasonOf(code: DeliveryErrorCode): DeliveryReason {
  return reasons[code];
}

const coarseTexts: Partial<Record<DeliveryReason, string>> = {
  address_not_allowed: "address not allowed: the callback URL must use https and lead to a public server",
  no_answer: "no answer: the callback URL's server could not be reached or did not answer in time",
};

/**
 * An attempt's text as its merchant may read it: a failure on the way to their server in coarse
 * words (what is stored since, and what rows stored before are shown as), a missing URL or key as
 * written, with how to set it.
 */
export function coarseDeliveryError(storedCode: string | null, text: string | null): string | null {
  const code = readDeliveryErrorCode(storedCode);
  return (code && coarseTexts[reasons[code]]) ?? text;
}
