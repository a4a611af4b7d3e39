// The one wrapper every API route handler runs inside. It owns reading the body, verifying the
// token, mapping errors and signing the answer, so a route file only names its operation.
//  - the token fails: application/problem+json (RFC 9457), unsigned, as no key is trusted yet;
//  - the operation refuses: a signed envelope with code 4xx and data.error;
//  - the database cannot be reached: 503 service_unavailable with Retry-After, signed when the
//    key was read before it failed, unsigned otherwise (lib/db/database-outage);
//  - anything unexpected: 500 with an opaque id; the details go to the server log only.
import type { z } from "zod";
import { getConfig } from "../config/config";
import { toUnavailableError } from "../db/database-outage";
import { claimJti } from "../db/used-jtis";
import type { MerchantRecord } from "../db/merchants";
import { AppError, errorCodes } from "../errors/app-error";
import { clientIpOf } from "../http/client-ip";
import { problem, problemOf, problemTypeOf, rateLimitedProblem } from "../http/problem";
import { toAppError } from "../errors/to-app-error";
import { newId } from "../ids/new-id";
import { log } from "../log/logger";
import { nameRequestOperation } from "../log/request-context";
import { metrics } from "../metrics/metrics";
import { loggablePath } from "../log/redact-paths";
import { findSigningKey, type MerchantSigningKey } from "../merchants/find-signing-key";
import { recordKeyUse } from "../merchants/record-key-use";
import { requestBudgetOf } from "../merchants/request-budget";
import { apiSecurityHeaders } from "../security/security-headers";
import { addressKeyOf } from "../rate-limits/address-key";
import { checkRateLimit, consumeRateLimit } from "../rate-limits/consume-rate-limit";
import type { Limits } from "../transactions/request-schemas";
import { findAmountWarnings } from "./find-amount-warnings";
import { findUnknownFields, requestFieldsOf } from "./find-unknown-fields";
import { readRequestToken } from "./read-request-token";
import { signToken } from "./sign-token";
import { RESPONSE_TOKEN_LIFETIME_SECONDS, RESPONSE_TOKEN_TYPE } from "./token-types";
import { unverifiedKeyId, verifyRequestToken } from "./verify-request-token";

export type EnvelopeContext = {
  /** The merchant whose key verified the token. */
  merchant: MerchantRecord;
  keyId: string;
  /** Verified but unvalidated: each operation parses it with its own schema. */
  data: Record<string, unknown>;
  request: Request;
};

export type EnvelopeResult = { code: number; data: Record<string, unknown> };

/** The schema an operation parses its data with, or the function that builds it for the configured limits. */
export type RequestSchema = z.ZodType | ((limits: Limits) => z.ZodType);

/** A creating operation's answer: 201 when it created, 200 when the request replayed an earlier one. */
export function createdOrReplayed(result: { isNew: boolean }, data: Record<string, unknown>): EnvelopeResult {
  return { code: result.isNew ? 201 : 200, data };
}

const jsonHeaders = { "content-type": "application/json", "cache-control": "no-store" };

// The same unexpected failure again within a minute is counted, not logged with its stack each
// time (lib/log's once).
function logUnexpected(error: unknown, context: Record<string, unknown>, errorId: string): void {
  const signature = `${String(context.operation)} ${error instanceof Error ? error.message : String(error)}`;
  log.once("error", signature, "unexpected error", {
    ...context,
    errorId,
    error: error instanceof Error ? error.stack : String(error),
  });
}

function internalError(error: unknown, context: Record<string, unknown>): Response {
  const id = newId("err");
  logUnexpected(error, context, id);
  return problem(500, {
    type: problemTypeOf("internal_error"),
    title: errorCodes.internal_error.title,
    detail: `an unexpected error occurred; quote ${id} to support`,
    code: "internal_error",
    id,
  });
}

async function signed(
  key: MerchantSigningKey,
  result: EnvelopeResult,
  headers: Record<string, string> = {},
): Promise<Response> {
  const jwt = await signToken({
    keyId: key.keyId,
    secret: key.secret,
    type: RESPONSE_TOKEN_TYPE,
    lifetimeSeconds: RESPONSE_TOKEN_LIFETIME_SECONDS,
    claims: { code: result.code, data: result.data },
  });
  return new Response(JSON.stringify({ jwt }), { status: result.code, headers: { ...jsonHeaders, ...headers } });
}

/** What the answer's warnings say of the data as sent: fields the operation does not read, a whole amount. */
function findWarnings(data: Record<string, unknown>, fields: ReadonlySet<string>): string[] {
  return [...findUnknownFields(data, fields), ...(fields.has("amount") ? findAmountWarnings(data) : [])];
}

const withWarnings = (result: EnvelopeResult, warnings: string[]): EnvelopeResult =>
  warnings.length ? { ...result, data: { ...result.data, warnings } } : result;

function errorBody(error: AppError): Record<string, unknown> {
  return {
    type: error.code,
    title: error.title,
    detail: error.detail,
    ...(error.fields ? { fields: error.fields } : {}),
  };
}

/**
 * Counts a failed token against the client's address and the key it names; past either budget the
 * answer is a 429 instead of the failure itself. A valid signature is never refused for its key's
 * failures, so a stranger cannot lock a merchant out by failing in its name.
 */
async function countTokenFailure(address: string, token: string | null) {
  const keyId = token === null ? null : unverifiedKeyId(token);
  const byIp = await consumeRateLimit("tokenFailureIp", address);
  const byKey = keyId === null ? byIp : await consumeRateLimit("tokenFailureKey", keyId);
  if (byIp.isLimited) return rateLimitedProblem(byIp.retryAfterSeconds, "too many failed tokens from this address");
  if (byKey.isLimited) return rateLimitedProblem(byKey.retryAfterSeconds, `too many failed tokens naming key ${keyId}`);
  return null;
}

/**
 * The route handler of `operation`, whose data `dataSchema` describes: a field it does not read is
 * named in the answer's warnings, never refused.
 */
export function withEnvelope(
  operation: string,
  dataSchema: RequestSchema,
  handler: (context: EnvelopeContext) => Promise<EnvelopeResult>,
) {
  // Built at the first request, where the configuration may be read, then kept.
  let fields: ReadonlySet<string> | undefined;
  const fieldsOf = () =>
    (fields ??= requestFieldsOf(
      typeof dataSchema === "function" ? dataSchema({ maxAmountCents: getConfig().maxAmountCents }) : dataSchema,
    ));

  return async function handle(request: Request): Promise<Response> {
    const started = performance.now();
    nameRequestOperation(operation);
    // Where it came from, as an access log keeps it (the Marco Civil's application logs: address and time).
    const context: Record<string, unknown> = {
      operation,
      path: loggablePath(new URL(request.url).pathname),
      clientIp: clientIpOf(request),
    };
    // The proxy does not run for these routes (proxy.ts): every answer gets its headers here.
    const finish = (response: Response) => {
      for (const [name, value] of Object.entries(apiSecurityHeaders(getConfig().isProduction)))
        response.headers.set(name, value);
      const seconds = (performance.now() - started) / 1000;
      log.info("api request", { ...context, status: response.status, ms: Math.round(seconds * 1000) });
      metrics().apiRequests.inc({ operation, status: response.status });
      metrics().apiRequestDuration.observe({ operation }, seconds);
      return response;
    };

    // An IPv6 client is its /64: it could change its address within it at will.
    const address = addressKeyOf(clientIpOf(request));
    // The body is read at once, while the address's budget is looked up: the budget may be counted
    // in npm start's primary or in Redis, and a client that has sent its request may hang up before
    // they answer. Nothing is verified before the budget allows it.
    const reading = readRequestToken(request).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    // An address past its failure budget is refused before its token costs anything.
    const blocked = await checkRateLimit("tokenFailureIp", address);
    if (blocked.isLimited) {
      context.error = "rate_limited";
      return finish(rateLimitedProblem(blocked.retryAfterSeconds, "too many failed tokens from this address"));
    }

    let key: MerchantSigningKey;
    let data: Record<string, unknown>;
    let token: string | null = null;
    // The key as read, before its signature is checked: only the database failing after it (the
    // jti's claim, which follows the signature) answers signed with it.
    let readKey: MerchantSigningKey | null = null;
    try {
      const read = await reading;
      if ("error" in read) throw read.error;
      token = read.value;
      const verified = await verifyRequestToken(token, {
        findKey: async (keyId) => (readKey = await findSigningKey(keyId)),
        claimJti: (entry) => claimJti(entry, new Date()),
        audience: getConfig().jwtAudience,
        now: new Date(),
      });
      key = verified.key;
      data = verified.data;
      void recordKeyUse(key.keyId);
      context.merchantId = key.merchantId;
      context.keyId = key.keyId;
    } catch (error) {
      // Not the client's failure: not counted against its address.
      const unavailable = toUnavailableError(error);
      if (unavailable) {
        context.error = unavailable.code;
        if (!readKey) return finish(problemOf(unavailable));
        return finish(
          await signed(
            readKey,
            { code: unavailable.status, data: { error: errorBody(unavailable) } },
            { "retry-after": String(unavailable.retryAfterSeconds) },
          ),
        );
      }
      const known = toAppError(error);
      if (!known) return finish(internalError(error, context));
      context.error = known.code;
      const tooMany = await countTokenFailure(address, token);
      if (tooMany) {
        context.error = "rate_limited";
        return finish(tooMany);
      }
      return finish(
        problem(known.status, {
          type: problemTypeOf(known.code),
          title: known.title,
          detail: known.detail,
          code: known.code,
        }),
      );
    }

    const perMinute = requestBudgetOf(key.merchant);
    const budget = await consumeRateLimit("request", key.merchantId, perMinute);
    if (budget.isLimited) {
      context.error = "rate_limited";
      const refusal = new AppError(
        "rate_limited",
        `more than ${perMinute} requests a minute for merchant ${key.merchantId}, all its keys together; retry after ${budget.retryAfterSeconds} s`,
      );
      return finish(
        await signed(
          key,
          { code: refusal.status, data: { error: errorBody(refusal) } },
          { "retry-after": String(budget.retryAfterSeconds) },
        ),
      );
    }

    // A refusal carries them too: a misspelt field is often why a required one is missing.
    const warnings = findWarnings(data, fieldsOf());
    try {
      const result = await handler({ merchant: key.merchant, keyId: key.keyId, data, request });
      return finish(await signed(key, withWarnings(result, warnings)));
    } catch (error) {
      const known = toUnavailableError(error) ?? toAppError(error);
      // A provider or the database that is down, or a provider that refused, is the merchant's
      // business (a signed 502 or 503 they can retry); only the unexpected stays opaque.
      if (!known || known.code === "internal_error") return finish(internalError(error, context));
      context.error = known.code;
      const retryAfter = known.retryAfterSeconds;
      return finish(
        await signed(
          key,
          withWarnings({ code: known.status, data: { error: errorBody(known) } }, warnings),
          retryAfter === null ? undefined : { "retry-after": String(retryAfter) },
        ),
      );
    }
  };
}
