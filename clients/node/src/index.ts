// The Node.js client of the Cashier API: signs each request with jose, verifies each answer and
// callback with the same key, and throws every failure (a refusal, an answer that is not the
// gateway's, no answer at all) as CashierError. Its types are generated from the gateway's decoded
// OpenAPI document into api-types.ts, so the package carries nothing of the gateway's source.
import { SignJWT, jwtVerify } from "jose";
import { type components, type paths, type webhooks, amountFields } from "./api-types.js";

/** The path of each operation called with a signed POST (every one but Gateway In's address). */
export type OperationPath = { [P in keyof paths]: paths[P] extends { post: object } ? P : never }[keyof paths];
type Operation<P extends OperationPath> = paths[P]["post"];
/** The `data` of a request to the operation at path P, e.g. `RequestData<"/api/pix">`. */
export type RequestData<P extends OperationPath> = Operation<P>["requestBody"]["content"]["application/json"];
/** The `data` of the operation's answer. */
export type AnswerData<P extends OperationPath> = Operation<P>["responses"][200]["content"]["application/json"];
/**
 * A creating operation's answer. `replayed` is true when the request repeated an earlier one (the
 * same reference and data): the gateway created nothing and answered the original (HTTP 200, not 201).
 */
export type Created<T> = T & { replayed: boolean };
/** A verified callback's `data`: `event_id`, `type`, `occurred_at` and the event's fields, by `type`. */
export type CallbackData = {
  [T in keyof webhooks]: webhooks[T]["post"]["requestBody"]["content"]["application/json"];
}[keyof webhooks];

export type ClientOptions = {
  baseUrl: string;
  keyId: string;
  /** The secret shown once when the key was created, used as UTF-8 text (never base64-decoded). */
  secret: string;
  /** How long to wait for an answer before throwing a network_error; 30 000 ms unless set. */
  timeoutMs?: number;
};

/** An invalid field of a refused request, and why. */
export type FieldError = NonNullable<components["schemas"]["ErrorData"]["error"]["fields"]>[number];

/** What went wrong on this side: no answer, an answer that is not the gateway's, a callback that does not verify. */
export type ClientErrorType = "network_error" | "invalid_response" | "invalid_callback";
/** The gateway's error codes (the table at /docs), or one of the client's own. */
export type CashierErrorType = components["schemas"]["ErrorCode"] | ClientErrorType;

/**
 * Every failure of a call: a refusal (`type` is the gateway's error code, `status` its HTTP
 * status, `fields` each invalid field and why), or one of the client's own types with `status` 0
 * when no answer came (network_error), the answer's HTTP status when it was not the gateway's
 * (invalid_response), and the underlying error as `cause`.
 */
export class CashierError extends Error {
  constructor(
    readonly status: number,
    readonly type: CashierErrorType,
    readonly detail: string,
    readonly fields: FieldError[] = [],
    options: { cause?: unknown } = {},
  ) {
    super(`${type}: ${detail}`, options);
    this.name = "CashierError";
  }
}

// The gateway accepts clocks 30 s apart: the client allows the same 30 s either way on the answers
// (signed for 60 s) and the callbacks (signed for a day) it verifies.
const CLOCK_TOLERANCE_SECONDS = 30;
const REQUEST_LIFETIME_SECONDS = 60;
const RESPONSE_TYPE = "cashier-response+jwt";
const CALLBACK_TYPE = "cashier-callback+jwt";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch says only "fetch failed"; why (ECONNREFUSED, a DNS failure, a reset) is in its cause.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

const decimalAmount = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * An amount in any of the API's forms as "10.50": 10.5, 10, "10.5", "10,50" and "10" give "10.50",
 * "10.50", "10.50", "10.50" and "10.00"; null when it is none of them.
 */
export function toDecimalAmount(amount: unknown): string | null {
  if (typeof amount === "number") {
    // Centavos are exact in a double far beyond any amount (2^53 of them), so rounding to two
    // decimals gives back the decimal the gateway wrote.
    return Number.isFinite(amount) ? amount.toFixed(2) : null;
  }
  if (typeof amount !== "string") return null;
  const parts = decimalAmount.exec(amount);
  return parts && `${parts[1]}${parts[2]}.${(parts[3] ?? "").padEnd(2, "0")}`;
}

const isAmountField = (key: string) => (amountFields as readonly string[]).includes(key);

/**
 * An answer's or a callback's data with every amount as "10.50", wherever it sits (a list's rows,
 * an event's payload): one form for the caller to compare and add up, whatever the operation
 * answered (Pix a number, Payment Initiation a decimal comma). Anything else is left as it came.
 */
function withDecimalAmounts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDecimalAmounts);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isAmountField(key) ? (toDecimalAmount(item) ?? item) : withDecimalAmounts(item),
    ]),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An unsigned answer: the gateway's problem+json (RFC 9457) when it could not accept the token. */
function problemError(status: number, body: Record<string, unknown>): CashierError | null {
  if (typeof body.detail !== "string") return null;
  // `code` is the error code; a problem without one names it at the end of its `type` link.
  const code =
    typeof body.code === "string"
      ? body.code
      : String(body.type ?? "")
          .split(/[#/]/)
          .pop();
  return code ? new CashierError(status, code as CashierErrorType, body.detail) : null;
}

export function createClient(options: ClientOptions) {
  const key = new TextEncoder().encode(options.secret);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 30_000;

  const sign = (data: unknown) =>
    new SignJWT({ data })
      .setProtectedHeader({ alg: "HS256", kid: options.keyId })
      .setIssuedAt()
      .setExpirationTime(`${REQUEST_LIFETIME_SECONDS}s`)
      .sign(key);

  async function call<P extends OperationPath>(path: P, data: unknown): Promise<{ code: number; data: AnswerData<P> }> {
    const where = `POST ${baseUrl}${path}`;
    const jwt = await sign(data);
    let response: Response;
    let text: string;
    try {
      response = await fetch(baseUrl + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jwt }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      throw new CashierError(0, "network_error", `${where}: ${reasonOf(cause)}`, [], { cause });
    }
    const body = parseJson(text);
    const invalid = (why: string, cause?: unknown) =>
      new CashierError(response.status, "invalid_response", `${where}: ${why}`, [], { cause });
    if (!isRecord(body)) {
      const kind = response.headers.get("content-type") ?? "no content type";
      const excerpt = text.replace(/\s+/g, " ").trim().slice(0, 200);
      throw invalid(`the answer is not the gateway's JSON (HTTP ${response.status}, ${kind}): ${excerpt}`);
    }
    if (typeof body.jwt !== "string") {
      throw problemError(response.status, body) ?? invalid(`the answer has neither a jwt nor a problem's detail`);
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(body.jwt, key, {
        algorithms: ["HS256"],
        typ: RESPONSE_TYPE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (cause) {
      throw invalid(`the answer's token does not verify with this key: ${reasonOf(cause)}`, cause);
    }
    const answer = payload.data;
    if (typeof payload.code !== "number" || !isRecord(answer)) throw invalid("the answer's token has no code or data");
    if (isRecord(answer.error)) {
      const error = answer.error as { type: CashierErrorType; detail: string; fields?: FieldError[] };
      throw new CashierError(payload.code, error.type, error.detail, error.fields);
    }
    return { code: payload.code, data: withDecimalAmounts(answer) as AnswerData<P> };
  }

  /** An operation that answers its data. */
  const read =
    <P extends OperationPath>(path: P) =>
    async (data: RequestData<P>): Promise<AnswerData<P>> =>
      (await call(path, data)).data;

  /** An operation that creates once per reference: 201, or 200 with the original answer for a replay. */
  const create =
    <P extends OperationPath>(path: P) =>
    async (data: RequestData<P>): Promise<Created<AnswerData<P>>> => {
      const answer = await call(path, data);
      return { ...answer.data, replayed: answer.code === 200 };
    };

  return {
    pix: create("/api/pix"),
    paymentInitiation: create("/api/payment-initiation"),
    gatewayOut: create("/api/gateway-out"),
    refunds: { create: create("/api/refund") },
    status: read("/api/status"),
    sandbox: { simulate: read("/api/sandbox/simulate") },
    callbacks: {
      /** A signed callback of type test to your callback URL now, and how your endpoint answered. */
      test: () => read("/api/callbacks/test")({}),
    },
    /** Your money in your key's mode: available, reserved and pending. */
    balance: () => read("/api/balance")({}),
    /** Your deposits, payouts and refunds, newest first, a page at a time (`next_cursor` as `after`). */
    transactions: { list: (query: RequestData<"/api/transactions"> = {}) => read("/api/transactions")(query) },
    events: {
      /** Your callback events with every delivery attempt, newest first, a page at a time. */
      list: (query: RequestData<"/api/events"> = {}) => read("/api/events")(query),
      /** One of your callback events queued again: the same event_id and payload. */
      resend: read("/api/events/resend"),
    },
    disputes: {
      /** Your disputes (MED infractions against your deposits' Pix), newest first, a page at a time. */
      list: (query: RequestData<"/api/disputes"> = {}) => read("/api/disputes")(query),
      /**
       * Your one answer to an open dispute, `accept` or `contest`, sent to the PSP: the dispute as it
       * stands after. A provider_unavailable keeps it: send the same answer again.
       */
      respond: read("/api/disputes/respond"),
    },
    /** Where to send the customer for Gateway In: the data signed into the URL, valid for 60 s. */
    gatewayInUrl: async (data: components["schemas"]["GatewayInData"]) =>
      `${baseUrl}/direct/${encodeURIComponent(options.keyId)}/${await sign(data)}`,
    /**
     * The raw body your callback URL received, verified: its `data`. On arrival, or later from
     * your own queue: the token expires 24 h after the gateway signed it. Act once per `event_id`.
     */
    verifyCallback: async (body: string | Uint8Array): Promise<CallbackData> => {
      const parsed = parseJson(typeof body === "string" ? body : new TextDecoder().decode(body));
      if (!isRecord(parsed) || typeof parsed.jwt !== "string") {
        throw new CashierError(0, "invalid_callback", 'the body is not {"jwt": "<token>"}');
      }
      try {
        const { payload } = await jwtVerify(parsed.jwt, key, {
          algorithms: ["HS256"],
          typ: CALLBACK_TYPE,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        return withDecimalAmounts(payload.data) as CallbackData;
      } catch (cause) {
        throw new CashierError(0, "invalid_callback", `the callback's token does not verify: ${reasonOf(cause)}`, [], {
          cause,
        });
      }
    },
  };
}

export type CashierClient = ReturnType<typeof createClient>;
