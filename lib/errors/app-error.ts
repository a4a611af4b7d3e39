// One error class for everything the gateway refuses on purpose. The code decides the HTTP status
// and the title; the detail is written for the merchant's developer and never holds a secret.

export const errorCodes = {
  // The token itself (answered as application/problem+json, unsigned: no key was trusted yet).
  body_too_large: { status: 413, title: "Request body too large" },
  // A body whose stream broke before its end, as a handler reads it. Never reaches a client, so no
  // doc lists it: one that aborts has gone, one that half-closes gets Node's own bare 400 and one
  // that stalls Node's 408 (HTTP_REQUEST_TIMEOUT_SECONDS) before any handler could answer; npm
  // start's server logs such a request as aborted (lib/server/log-aborted-request).
  body_incomplete: { status: 400, title: "Request body incomplete", isUnanswered: true },
  unsupported_media_type: { status: 415, title: "Unsupported content type" },
  token_missing: { status: 400, title: "No token in the request" },
  token_malformed: { status: 400, title: "Malformed token" },
  algorithm_not_allowed: { status: 401, title: "Signing algorithm not allowed" },
  key_missing: { status: 401, title: "No key id in the token" },
  key_unknown: { status: 401, title: "Unknown key" },
  key_revoked: { status: 401, title: "Key revoked" },
  signature_invalid: { status: 401, title: "Signature does not match" },
  token_expired: { status: 401, title: "Token expired" },
  token_not_yet_valid: { status: 401, title: "Token issued in the future" },
  token_lifetime_too_long: { status: 400, title: "Token lifetime too long" },
  claims_invalid: { status: 400, title: "Invalid claims" },
  // A token the gateway issued (a response, a callback) sent back as a request.
  token_type_not_allowed: { status: 400, title: "Token type not allowed as a request" },
  issuer_invalid: { status: 401, title: "Issuer does not match the key's merchant" },
  audience_invalid: { status: 401, title: "Audience is not this gateway" },
  jti_replayed: { status: 409, title: "Token already used" },
  // Refused by proxy.ts before any route runs (unsigned): a path that is not valid
  // percent-encoding, a method the route does not take, and server-action calls a page never makes
  // (from another origin or host, a body Next.js could not parse; an unknown action is not_found).
  path_malformed: { status: 400, title: "Malformed path" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  origin_not_allowed: { status: 403, title: "Cross-origin form not allowed" },
  action_malformed: { status: 400, title: "Malformed action call" },
  form_malformed: { status: 400, title: "Malformed multipart form" },
  // Too many requests (failed tokens per client IP or key, hosted pages per IP, requests per key,
  // test callbacks and resends per merchant): answered with Retry-After; signed when the key is
  // verified.
  rate_limited: { status: 429, title: "Too many requests" },
  // After the token is accepted (answered as a signed envelope).
  validation_failed: { status: 422, title: "Invalid request data" },
  not_found: { status: 404, title: "Not found" },
  reference_conflict: { status: 409, title: "Reference already used with other data" },
  state_conflict: { status: 409, title: "Transaction cannot change state" },
  insufficient_funds: { status: 422, title: "Insufficient funds" },
  // The self-serve sandbox (simulate, test callback) with a live merchant's key: live money is
  // never moved by hand.
  sandbox_only: { status: 403, title: "Sandbox keys only" },
  // The PSP behind a live payment: refused the call (502), or could not be reached or is not
  // configured (503, with Retry-After). Signed like any refusal: the merchant may retry the same
  // request.
  provider_error: { status: 502, title: "Payment provider refused the request" },
  provider_unavailable: { status: 503, title: "Payment provider unavailable", retryAfterSeconds: 5 },
  // The gateway's own database could not be reached, or had no connection free in time
  // (lib/db/database-outage): the merchant sends the same request again after Retry-After.
  // Signed when the key was read before the failure, problem+json otherwise.
  service_unavailable: { status: 503, title: "Service temporarily unavailable", retryAfterSeconds: 5 },
  // The PSP answered a charge other than the one asked for (another txid, amount or key): nothing
  // of it is shown to a customer, and the operator is alerted.
  provider_mismatch: { status: 502, title: "Payment provider answered another charge" },
  // A call to a PSP webhook without the account's secret (its adapter decides how it is carried).
  webhook_unauthorized: { status: 401, title: "Unauthorized" },
  // Tools (CLI) and the operator.
  invalid_argument: { status: 400, title: "Invalid argument" },
  // The console: a role that may not take the action (a merchant viewer never changes anything).
  // Another merchant's object is not_found instead, so ids cannot be probed.
  forbidden: { status: 403, title: "Not allowed for this role" },
  // Anything unexpected: the detail stays in the server log.
  internal_error: { status: 500, title: "Internal error" },
} as const satisfies Record<string, { status: number; title: string; isUnanswered?: true; retryAfterSeconds?: number }>;

export type ErrorCode = keyof typeof errorCodes;

/** The Retry-After an answer with this code carries, when it is one a client retries after a wait. */
export function retryAfterOf(code: ErrorCode): number | null {
  const entry = errorCodes[code];
  return "retryAfterSeconds" in entry ? entry.retryAfterSeconds : null;
}

/** The codes a client can receive: what /docs, /docs/errors and the OpenAPI documents list. */
export const answeredErrorCodes = (Object.keys(errorCodes) as ErrorCode[]).filter(
  (code) => !("isUnanswered" in errorCodes[code]),
);

export type FieldError = { path: string; message: string };

/**
 * Why the console refused a signed-in user, when that is what a refusal is: a role that may not
 * (`role`), an object outside the user's merchant (`other_merchant`: still answered exactly as
 * one that does not exist), a merchant user with no merchant (`no_merchant`). Where the refusal
 * is answered, the console records it as access.denied (lib/console/record-access-denied).
 */
export type AccessDenial = {
  reason: "role" | "other_merchant" | "no_merchant";
  target?: { type: string; id: string };
};

// The brand that tells an AppError apart. The production build can carry one copy of this module
// per server chunk, and an adapter cached on globalThis throws its own copy's class, so
// `instanceof` is false across chunks; a registered symbol is the same in every copy.
const APP_ERROR_BRAND = Symbol.for("cashier.AppError");

export class AppError extends Error {
  readonly [APP_ERROR_BRAND] = true;
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields?: FieldError[],
    readonly denial?: AccessDenial,
    /** The table's Retry-After for the code, or a budget's own wait (lib/callbacks/spend-callback-send). */
    readonly retryAfterSeconds: number | null = retryAfterOf(code),
  ) {
    super(detail);
    this.name = "AppError";
    this.status = errorCodes[code].status;
    this.title = errorCodes[code].title;
  }
}

/** Whether the error is an AppError from any copy of this module (see APP_ERROR_BRAND). */
export function isAppError(error: unknown): error is AppError {
  return (
    typeof error === "object" && error !== null && (error as { [APP_ERROR_BRAND]?: unknown })[APP_ERROR_BRAND] === true
  );
}
