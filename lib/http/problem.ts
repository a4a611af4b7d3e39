// The unsigned application/problem+json answer (RFC 9457): what a caller gets when no key is
// trusted to sign the answer (a failed token, proxy.ts's refusals, the PSP's webhook, the
// console's CSV routes).
import { type AppError, type ErrorCode, errorCodes } from "../errors/app-error";

/** A problem's `type`: the code's entry in the list of codes at /docs/errors (app/docs/errors). */
export const problemTypeOf = (code: ErrorCode) => `/docs/errors#${code}`;

export function problem(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers },
  });
}

/** A refusal as problem+json, with the Retry-After its code carries (a dependency's 503). */
export function problemOf(error: AppError): Response {
  const retryAfter = error.retryAfterSeconds;
  return problem(
    error.status,
    {
      type: problemTypeOf(error.code),
      title: error.title,
      detail: error.detail,
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
    },
    retryAfter === null ? {} : { "retry-after": String(retryAfter) },
  );
}

/** The unsigned 429: no key is trusted yet, or the client is refused before its token is read. */
export function rateLimitedProblem(retryAfterSeconds: number, detail: string): Response {
  return problem(
    429,
    {
      type: problemTypeOf("rate_limited"),
      title: errorCodes.rate_limited.title,
      detail: `${detail}; retry after ${retryAfterSeconds} s`,
      code: "rate_limited",
    },
    { "retry-after": String(retryAfterSeconds) },
  );
}
