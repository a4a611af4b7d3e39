// The JWS header `typ` of every token the gateway signs. A token carrying one of these is the
// gateway's own and is refused as a request (contract section 2), so a response or a callback
// replayed at the API is never taken for the merchant's instruction.
export const RESPONSE_TOKEN_TYPE = "cashier-response+jwt";
export const CALLBACK_TOKEN_TYPE = "cashier-callback+jwt";

export const gatewayTokenTypes: readonly string[] = [RESPONSE_TOKEN_TYPE, CALLBACK_TOKEN_TYPE];
