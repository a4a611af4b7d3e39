// The JWS header `typ` of every token the gateway signs. A token carrying one of these is the
// gateway's own and is refused as a request (contract section 2), so a response or a callback
// replayed at the API is never taken for the merchant's instruction.
export const RESPONSE_TOKEN_TYPE = "cashier-response+jwt";
export const CALLBACK_TOKEN_TYPE = "cashier-callback+jwt";

export const gatewayTokenTypes: readonly string[] = [RESPONSE_TOKEN_TYPE, CALLBACK_TOKEN_TYPE];

/** An answer is verified by the client that is waiting for it: the spec's samples' 60 s. */
export const RESPONSE_TOKEN_LIFETIME_SECONDS = 60;

/**
 * A merchant may put a callback on a queue and verify it there, minutes or hours later (Standard
 * Webhooks likewise lets the receiver choose its window on the timestamp): a day, so a queue that
 * stalls overnight still verifies. Each delivery has its own jti; the event's event_id is what to
 * act on once.
 */
export const CALLBACK_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
