// The OpenAPI 3.1 documents of the JWT API, built from the zod schemas the operations parse their
// requests with and type their answers by, so the documents cannot say what the code does not do.
// A JWT carries each request's and answer's fields, which OpenAPI cannot describe inside a token,
// so there are two documents built here from the same parts: the signed one (/openapi.json) shows
// the wire, a { jwt } body everywhere with `x-data` naming the schema of the token's `data`
// claim; the decoded one (/openapi.decoded.json, build-decoded-openapi-document.ts) shows the
// `data` itself, which code generators and validators read. Only their Encoding differs.
import { z } from "zod";
import { callbackTypeSchema } from "../callbacks/callback-types";
import { getConfig } from "../config/config";
import {
  createGatewayInSchema,
  createPaymentInitiationSchema,
  createPixDepositSchema,
  depositCallbackDataSchema,
  paymentInitiationAnswerSchema,
  pixDepositAnswerSchema,
} from "../deposits/schemas";
import { type EnvelopePath, envelopePaths } from "../envelope/envelope-routes";
import { warningsSchema } from "../envelope/schemas";
import {
  CALLBACK_TOKEN_LIFETIME_SECONDS,
  CALLBACK_TOKEN_TYPE,
  RESPONSE_TOKEN_LIFETIME_SECONDS,
  RESPONSE_TOKEN_TYPE,
} from "../envelope/token-types";
import { answeredErrorCodes, errorCodes } from "../errors/app-error";
import { problemTypeOf } from "../http/problem";
import { exampleIds } from "../ids/example-ids";
import { createGatewayOutSchema, gatewayOutAnswerSchema, payoutCallbackDataSchema } from "../payouts/schemas";
import { createRefundSchema, refundAnswerSchema, refundCallbackDataSchema } from "../refunds/schemas";
import {
  disputeClosedCallbackDataSchema,
  disputeListAnswerSchema,
  disputeListQuerySchema,
  disputeOpenedCallbackDataSchema,
  respondToDisputeAnswerSchema,
  respondToDisputeSchema,
} from "../disputes/schemas";
import {
  simulateAnswerSchema,
  simulateSchema,
  testCallbackAnswerSchema,
  testCallbackDataSchema,
  testCallbackRequestSchema,
} from "../sandbox/schemas";
import {
  balanceAnswerSchema,
  balanceQuerySchema,
  eventListAnswerSchema,
  eventListQuerySchema,
  resendEventAnswerSchema,
  forwardedEventSchema,
  forwardedEventAnswerSchema,
  resendEventSchema,
  transactionListAnswerSchema,
  transactionListQuerySchema,
} from "../reads/schemas";
import type { Limits } from "../transactions/request-schemas";
import { statusAnswerSchema, statusQuerySchema } from "../status/schemas";
import { GATEWAY_IN_PATH, requestExamples } from "./request-examples";

export type JsonSchema = Record<string, unknown>;
export type DataRef = { $ref: string };
type Contents = Record<string, { schema: JsonSchema }>;

/**
 * How a document writes what travels inside a token: `body` and `tokenParameter` give the content
 * of a body, or the schema of Gateway In's token, whose data claim is `data`, with `Extra` beside
 * it (the signed document's `x-data`; nothing in the decoded one).
 */
export type Encoding<Extra extends object> = {
  /** The paragraph of info.description that says what this document's bodies are. */
  about: string;
  /** Where the claims paragraph sends a reader for each operation's data. */
  dataIsDescribedBy: string;
  /** Schemas only this document has. */
  schemas: Record<string, JsonSchema>;
  body: (data: DataRef) => { content: Contents } & Extra;
  /** What a request may be sent as besides `body`. */
  requestAlternatives: Contents;
  tokenParameter: (data: DataRef) => { schema: JsonSchema } & Extra;
};

type SignedExtra = { "x-data": DataRef };
type Answer<Extra> = { description: string; content: Contents } & Extra;
export type JwtOperation<Extra extends object = SignedExtra> = {
  operationId: string;
  summary: string;
  description: string;
  requestBody: { required: true; content: Contents } & Extra;
  responses: Record<string, Answer<Extra>>;
};
type PathParameter = { name: string; in: "path"; required: true; description: string; schema: JsonSchema };
export type GatewayInOperation<Extra extends object = SignedExtra> = {
  operationId: string;
  summary: string;
  description: string;
  parameters: [PathParameter, Omit<PathParameter, "schema"> & { schema: JsonSchema } & Extra];
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Contents }>;
};
export type PathItem<Extra extends object = SignedExtra> =
  { post: JwtOperation<Extra> } | { get: GatewayInOperation<Extra> };
export type Webhook<Extra extends object = SignedExtra> = {
  post: {
    summary: string;
    requestBody: { required: true; content: Contents } & Extra;
    responses: Record<string, { description: string }>;
  };
};

type Operation = {
  name: string;
  summary: string;
  description: string;
  request: z.ZodType;
  response: z.ZodType;
  /** Creating operations answer 201, and 200 when the request replays an earlier one. */
  creates: boolean;
};

/** The routes under app/api (these paths and those below them) that take no signed token, and so are not operations of this document. */
export const notJwtRoutes = ["/api/health", "/api/psp/webhook"];

/** Each operation of lib/envelope's list: one missing, or one the list lacks, fails to compile. */
function operations(limits: Limits): Record<EnvelopePath, Operation> {
  return {
    "/api/pix": {
      name: "Pix",
      summary: "A Pix deposit: its BR Code and QR image for your own page",
      description:
        "The same reference with the same data answers 200 with the original answer; with other data 409 reference_conflict. deposit.paid, deposit.failed or deposit.expired follows.",
      request: createPixDepositSchema(limits),
      response: pixDepositAnswerSchema,
      creates: true,
    },
    "/api/payment-initiation": {
      name: "PaymentInitiation",
      summary: "A deposit paid from a bank account at a unique hosted URL",
      description:
        "Pix on-page's data plus the two redirect URLs. The customer pays at paymentInitiationUrl and returns to one of your URLs; deposit.paid or deposit.failed follows.",
      request: createPaymentInitiationSchema(limits),
      response: paymentInitiationAnswerSchema,
      creates: true,
    },
    "/api/gateway-out": {
      name: "GatewayOut",
      summary: "A payout to the customer by Pix key or bank account",
      description:
        "For pix a pix_key equal to cpf; for a bank branch, account and account_type. 422 insufficient_funds when your available balance is short. gateway_out.completed or gateway_out.canceled follows.",
      request: createGatewayOutSchema(limits),
      response: gatewayOutAnswerSchema,
      creates: true,
    },
    "/api/status": {
      name: "Status",
      summary: "A deposit's, payout's or refund's current status",
      description:
        "Send exactly one of id, transfer_id or reference; only your own transactions are found (404 not_found otherwise).",
      request: statusQuerySchema,
      response: statusAnswerSchema,
      creates: false,
    },
    "/api/refund": {
      name: "Refund",
      summary: "A refund of a paid deposit, whole or partial",
      description:
        "Refunds of one deposit add up to its paid amount at most (422 on amount says how much is left); the amount is held from your available funds until the outcome (422 insufficient_funds when short); a deposit that is not paid is a 409. refund.completed or refund.failed follows. The same request again answers 200 with the same refund.",
      request: createRefundSchema(limits),
      response: refundAnswerSchema,
      creates: true,
    },
    "/api/sandbox/simulate": {
      name: "SandboxSimulate",
      summary: "Move your sandbox deposit or payout to a final state (sandbox keys only)",
      description: "A live key gets 403 sandbox_only. The callback of the new status follows, as for a real one.",
      request: simulateSchema,
      response: simulateAnswerSchema,
      creates: false,
    },
    "/api/callbacks/test": {
      name: "CallbacksTest",
      summary: "Send a test callback to your callback URL now (sandbox keys only)",
      description:
        "A signed callback of type test; the answer is the attempt as the gateway saw it. Nothing is stored or retried. A live key gets 403 sandbox_only.",
      request: testCallbackRequestSchema,
      response: testCallbackAnswerSchema,
      creates: false,
    },
    "/api/balance": {
      name: "Balance",
      summary: "Your money in your key's mode: available, reserved and pending",
      description:
        "The sums the console's balance page shows. Sandbox and live money are never added together: a key sees its own mode's.",
      request: balanceQuerySchema,
      response: balanceAnswerSchema,
      creates: false,
    },
    "/api/transactions": {
      name: "Transactions",
      summary: "Your deposits, payouts and refunds, newest first, a page at a time",
      description:
        "The console's list, for your key's mode: filter by type, status, reference and days (from, to); page with next_cursor (as after) and previous_cursor (as before). A bad filter or cursor is a 422 naming it.",
      request: transactionListQuerySchema,
      response: transactionListAnswerSchema,
      creates: false,
    },
    "/api/events": {
      name: "Events",
      summary: "Your callback events with every delivery attempt, newest first, a page at a time",
      description:
        "Each event's payload is the data its callbacks carried; its attempts say what your endpoint answered. Filter by status, type or the transaction it reports; page as /api/transactions.",
      request: eventListQuerySchema,
      response: eventListAnswerSchema,
      creates: false,
    },
    "/api/events/resend": {
      name: "EventsResend",
      summary: "Send one of your callback events again",
      description:
        "The same event_id and payload, queued from the start of the retry schedule, whether it was delivered or failed; earlier attempts stay on record and the audit log names your key. Another merchant's event, or one of the other mode, is 404 not_found.",
      request: resendEventSchema,
      response: resendEventAnswerSchema,
      creates: false,
    },
    "/api/events/forwarded": {
      name: "EventsForwarded",
      summary: "Record that your forwarder posted one of your callback events to your machine",
      description:
        "What `npm run listen -- --forward-to` reports after each event it brings to a URL on your machine: the event's attempts then show one in state forwarded, with what answered there. The event's delivery to your callback URL is not changed. Another merchant's event, or one of the other mode, is 404 not_found; an event with 50 forwarded attempts recorded already, 409 state_conflict.",
      request: forwardedEventSchema,
      response: forwardedEventAnswerSchema,
      creates: false,
    },
    "/api/disputes": {
      name: "Disputes",
      summary: "Your disputes (MED infractions against your deposits' Pix), newest first, a page at a time",
      description:
        "A payer who says a Pix was fraud opens an infraction at their bank; the gateway finds it at the PSP, holds the amount from your balance and sends dispute.opened. Answer each before respond_by with /api/disputes/respond. Filter by status or deposit; page as /api/transactions.",
      request: disputeListQuerySchema,
      response: disputeListAnswerSchema,
      creates: false,
    },
    "/api/disputes/respond": {
      name: "DisputesRespond",
      summary: "Answer a dispute, once: accept the payer's claim or contest it",
      description:
        "Sent to the PSP at once; the answer is the dispute as it stands after (answered while the PSP decides; a sandbox dispute is decided at once: contest wins, accept loses). A second answer is 409 state_conflict. 503 provider_unavailable keeps your answer: send the same one again. Its outcome comes as dispute.closed.",
      request: respondToDisputeSchema,
      response: respondToDisputeAnswerSchema,
      creates: false,
    },
  };
}

const callbackData: Record<z.infer<typeof callbackTypeSchema>, z.ZodObject> = {
  "deposit.paid": depositCallbackDataSchema,
  "deposit.failed": depositCallbackDataSchema,
  "deposit.expired": depositCallbackDataSchema,
  "gateway_out.completed": payoutCallbackDataSchema,
  "gateway_out.canceled": payoutCallbackDataSchema,
  "refund.completed": refundCallbackDataSchema,
  "refund.failed": refundCallbackDataSchema,
  "dispute.opened": disputeOpenedCallbackDataSchema,
  "dispute.closed": disputeClosedCallbackDataSchema,
};

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Requests are described as sent (before normalising), answers as the gateway writes them.
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    // zod checks an IPv6 address by parsing it (::ffff:203.0.113.7 passes), not by the regex it
    // would document, which refuses what the gateway accepts: the format alone says what it takes.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema instanceof z.ZodIPv6) delete jsonSchema.pattern;
      // Generators type a property with a default as always present (openapi-typescript does, for
      // a request schema named by $ref): a field the gateway fills in when absent is optional to
      // send, and its description says what absence means.
      if (io === "input") delete jsonSchema.default;
    },
  }) as JsonSchema;
  // The dialect is the document's own (OpenAPI 3.1's), not repeated in each schema.
  delete json.$schema;
  return json;
}

function callbackPayloadSchema(type: string, data: z.ZodObject): JsonSchema {
  const envelope = z.object({
    event_id: z.string().meta({
      description: "Unique per event: a retry carries the same one; ignore one you already handled",
      examples: [exampleIds.event],
    }),
    type: z.literal(type),
    occurred_at: z.string().meta({ description: "When it happened, ISO 8601", examples: ["2026-11-22T21:00:05.000Z"] }),
  });
  return toJsonSchema(envelope.extend(data.shape), "output");
}

const ref = (name: string): DataRef => ({ $ref: `#/components/schemas/${name}` });

/** The operationId of an operation named `name` (PascalCase): pix, gatewayOut, callbacksTest. */
const operationIdOf = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

const errorTable = answeredErrorCodes
  .map((code) => `| ${code} | ${errorCodes[code].status} | ${errorCodes[code].title} |`)
  .join("\n");

const envelopeDescription = (dataIsDescribedBy: string) =>
  `Every request is a POST whose body is {"jwt": "<compact JWS>"} (or the bare token with Content-Type: application/jwt), at most 64 KiB, signed with HS256 using your key's secret as UTF-8 text (not base64-decoded), with your keyId in the kid header. Claims: iat and exp in seconds (exp - iat at most 300 s; clocks may differ by 30 s), data (the operation's fields, ${dataIsDescribedBy}), and optionally jti (used once, a replay is 409), iss (your merchant id) and aud (cashier).

The answer is {"jwt": "<compact JWS>"} signed with the same key, header typ ${RESPONSE_TOKEN_TYPE}, with claims iat, exp (iat + ${RESPONSE_TOKEN_LIFETIME_SECONDS}), code (equal to the HTTP status) and data (${dataIsDescribedBy}). A data field the operation does not have is ignored, not refused, and a whole amount of 1000 or more is taken as reais: the answer's data, a refusal's too, then carries warnings (strings) saying so.

A refusal after the token is accepted is a signed answer whose data is ErrorData. A failure of the token itself is an unsigned application/problem+json Problem (RFC 9457), as no key is trusted yet. 429 carries Retry-After, and so does 503 (provider_unavailable: the payment provider could not be reached; service_unavailable: the gateway's database could not, signed when your key was read before it failed, a Problem otherwise): send the same request again after it.

Callbacks (see webhooks) are a POST of {"jwt"} to your callback URL, signed with your key, header typ ${CALLBACK_TOKEN_TYPE}, whose data claim is the event, with exp = iat + ${CALLBACK_TOKEN_LIFETIME_SECONDS} (a queue may verify it later) and a jti unique to each delivery; act once per data.event_id, which a retry repeats. Answer 2xx, anything else is retried.

Gateway In is the one GET: send your customer to /direct/{keyId}/{token}, the token signed as above with GatewayInData as its data.

Not operations of this API: ${notJwtRoutes.join(" and ")}/… take no signed token (the health check, and the payment provider's notifications).`;

const gatewayInDescription =
  "Opening the address creates the deposit once per reference and sends the customer (303) to its hosted page, in Portuguese (English by ?lang=en or the browser): a reload or a second click leads to the same payment. A token that cannot be accepted is a page in the customer's language with the reason and, when the token is yours, the way back to your return_url. The customer comes back to your return_url (by its link, or on their own after the receipt) with the outcome appended to its query, yours kept: status=paid, failed (the deposit ended unpaid: failed or expired) or canceled (the customer left while it was still open: it may yet be paid or expire), and deposit_id. Use them to choose the page you show, never to deliver the order: anyone can type that address, so trust only the signed callback or POST /api/status.";

/** The OpenAPI 3.1 document of the JWT API for the given amount limit and address, written in `encoding`. */
export function buildApiDocument<Extra extends object>(
  limits: Limits,
  publicBaseUrl: string,
  encoding: Encoding<Extra>,
) {
  const schemas: Record<string, JsonSchema> = {
    ...encoding.schemas,
    ErrorCode: {
      type: "string",
      enum: answeredErrorCodes,
      description: `| code | HTTP | title |\n|---|---|---|\n${errorTable}`,
    },
    ErrorData: {
      type: "object",
      required: ["error"],
      properties: {
        warnings: toJsonSchema(warningsSchema, "output"),
        error: {
          type: "object",
          required: ["type", "title", "detail"],
          properties: {
            type: ref("ErrorCode"),
            title: { type: "string" },
            detail: { type: "string", description: "What to fix, for your developer" },
            fields: {
              type: "array",
              description: "For invalid data: each field and why",
              items: {
                type: "object",
                required: ["path", "message"],
                properties: { path: { type: "string" }, message: { type: "string" } },
              },
            },
          },
        },
      },
    },
    Problem: {
      type: "object",
      required: ["type", "title", "status", "code"],
      properties: {
        type: {
          type: "string",
          description: "Where the code is explained: /docs/errors with the code as its anchor",
          examples: [problemTypeOf("signature_invalid")],
        },
        title: { type: "string" },
        status: { type: "integer" },
        detail: { type: "string" },
        code: ref("ErrorCode"),
        id: { type: "string", description: "A 500's opaque id (err_…): quote it to support" },
      },
    },
    GatewayInData: {
      ...toJsonSchema(createGatewayInSchema(limits), "input"),
      description: "The data claim of Gateway In's token",
      examples: requestExamples[GATEWAY_IN_PATH],
    },
  };
  const answer = (description: string, data: DataRef): Answer<Extra> => ({ description, ...encoding.body(data) });
  // A refusal is signed ErrorData once the token is accepted, an unsigned Problem before.
  const refusal = (description: string): Answer<Extra> => {
    const body = encoding.body(ref("ErrorData"));
    return {
      description,
      ...body,
      content: { ...body.content, "application/problem+json": { schema: ref("Problem") } },
    };
  };
  const paths: Record<string, PathItem<Extra>> = {};
  const described = operations(limits);
  for (const path of envelopePaths) {
    const operation = described[path];
    schemas[`${operation.name}Request`] = {
      ...toJsonSchema(operation.request, "input"),
      examples: requestExamples[path],
    };
    schemas[`${operation.name}Response`] = toJsonSchema(operation.response, "output");
    const request = encoding.body(ref(`${operation.name}Request`));
    const success = ref(`${operation.name}Response`);
    paths[path] = {
      post: {
        operationId: operationIdOf(operation.name),
        summary: operation.summary,
        description: operation.description,
        requestBody: { required: true, ...request, content: { ...request.content, ...encoding.requestAlternatives } },
        responses: {
          ...(operation.creates ? { "201": answer("Created", success) } : {}),
          "200": answer(operation.creates ? "A replay of an earlier request: the original answer" : "OK", success),
          "4XX": refusal(
            "Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails",
          ),
          "5XX": refusal(
            "The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id)",
          ),
        },
      },
    };
  }
  // A page for the customer; a Problem only for an address no link of yours makes (not valid
  // percent-encoding) or a method other than GET.
  const failurePage = {
    "text/html": { schema: { type: "string" } },
    "application/problem+json": { schema: ref("Problem") },
  };
  paths[GATEWAY_IN_PATH] = {
    get: {
      operationId: operationIdOf("GatewayIn"),
      summary: "Gateway In: send your customer to the hosted cashier with the deposit's data in a signed token",
      description: gatewayInDescription,
      parameters: [
        {
          name: "keyId",
          in: "path",
          required: true,
          description: "Your key's id, the token's kid",
          schema: { type: "string" },
        },
        {
          name: "token",
          in: "path",
          required: true,
          description:
            "A compact JWS signed as every request is (HS256, your key's secret, iat and exp), whose data claim is GatewayInData",
          ...encoding.tokenParameter(ref("GatewayInData")),
        },
      ],
      responses: {
        "303": {
          description: "The deposit exists: the customer goes to its hosted page",
          headers: { Location: { description: "The hosted payment page", schema: { type: "string" } } },
        },
        "4XX": {
          description:
            "A page saying why, never a redirect: 401 a token that does not verify (malformed, forged, expired) or a keyId that is not the token's, 409 a reference already used with other data, 422 invalid data (each field named), 429 too many pages from one address. An address that is not valid percent-encoding (400) or another method (405) is a Problem.",
          content: failurePage,
        },
      },
    },
  };
  const webhooks: Record<string, Webhook<Extra>> = {};
  const callbacks: [string, z.ZodObject][] = [...Object.entries(callbackData), ["test", testCallbackDataSchema]];
  for (const [type, data] of callbacks) {
    const name = `Callback_${type.replace(".", "_")}`;
    schemas[name] = callbackPayloadSchema(type, data);
    webhooks[type] = {
      post: {
        summary: `The ${type} callback, to your callback URL`,
        requestBody: { required: true, ...encoding.body(ref(name)) },
        responses: {
          "2XX": {
            description: "Delivered; any other answer, or none within the timeout, is retried with the same event_id",
          },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cashier merchant API",
      version: "1",
      description: `${envelopeDescription(encoding.dataIsDescribedBy)}\n\n${encoding.about}`,
    },
    servers: [{ url: publicBaseUrl, description: "This gateway" }],
    paths,
    webhooks,
    components: { schemas },
  };
}

/** The signed document: every body is the {jwt} that travels, and `x-data` names its data's schema. */
const signedEncoding: Encoding<SignedExtra> = {
  about:
    "This is the signed document: every body is the {jwt} that travels, and x-data beside it names the schema of the token's data claim. Its decoded companion, GET /openapi.decoded.json, describes the same operations, callbacks and schemas with each body as that data itself, for code generators such as openapi-typescript and for validators; what travels is still the signed token described here.",
  dataIsDescribedBy: "described by x-data beside each request body and response",
  schemas: {
    SignedToken: {
      type: "object",
      required: ["jwt"],
      properties: {
        jwt: { type: "string", description: "A compact JWS (HS256); its claims are described in info.description" },
      },
    },
  },
  body: (data) => ({ content: { "application/json": { schema: ref("SignedToken") } }, "x-data": data }),
  requestAlternatives: { "application/jwt": { schema: { type: "string" } } },
  tokenParameter: (data) => ({ schema: { type: "string" }, "x-data": data }),
};

/** The OpenAPI 3.1 document of the JWT API as it travels, for the given amount limit and address. */
export function buildOpenApiDocument(limits: Limits, publicBaseUrl: string) {
  return buildApiDocument(limits, publicBaseUrl, signedEncoding);
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** A getter of what `build` makes for this server's configured limits and address, built on first use. */
export function forConfiguredServer<Document>(build: (limits: Limits, publicBaseUrl: string) => Document) {
  let built: Document | undefined;
  return (): Document => {
    const config = getConfig();
    built ??= build({ maxAmountCents: config.maxAmountCents }, config.publicBaseUrl);
    return built;
  };
}

/** The signed document for this server. */
export const getOpenApiDocument = forConfiguredServer(buildOpenApiDocument);
