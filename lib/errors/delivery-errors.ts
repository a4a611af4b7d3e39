// Why a callback attempt got no answer, as a code stored beside the attempt's raw text
// (CallbackAttempt.errorCode): the console says it in its reader's language and keeps the raw
// text, which names hosts, addresses and commands, behind a "detalhe técnico" disclosure.
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
