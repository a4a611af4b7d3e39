// The OpenAPI 3.1 document of the JWT API, built from the zod schemas the operations parse their
// requests with and type their answers by, so the document cannot say what the code does not do.
// A JWT carries each request's and answer's fields, which OpenAPI cannot describe inside a token:
// the body is { jwt } everywhere, and `x-data` on a request body or response names the schema of
// the token's `data` claim.
import { z } from "zod";
import { callbackTypeSchema } from "../callbacks/callback-types";
import { getConfig } from "../config/config";
import {
  createPaymentInitiationSchema,
  createPixDepositSchema,
  depositCallbackDataSchema,
  paymentInitiationAnswerSchema,
  pixDepositAnswerSchema,
} from "../deposits/schemas";
import { warningsSchema } from "../envelope/schemas";
import {
  CALLBACK_TOKEN_LIFETIME_SECONDS,
  CALLBACK_TOKEN_TYPE,
  RESPONSE_TOKEN_LIFETIME_SECONDS,
  RESPONSE_TOKEN_TYPE,
} from "../envelope/token-types";
import { errorCodes } from "../errors/app-error";
import { createGatewayOutSchema, gatewayOutAnswerSchema, payoutCallbackDataSchema } from "../payouts/schemas";
import { createRefundSchema, refundAnswerSchema, refundCallbackDataSchema } from "../refunds/schemas";
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
  resendEventSchema,
  transactionListAnswerSchema,
  transactionListQuerySchema,
} from "../reads/schemas";
import type { Limits } from "../transactions/request-schemas";
import { statusAnswerSchema, statusQuerySchema } from "../status/schemas";
import { requestExamples } from "./request-examples";

export type JsonSchema = Record<string, unknown>;
type DataRef = { $ref: string };
type DocumentedBody = {
  required?: boolean;
  description?: string;
  content: Record<string, { schema: JsonSchema }>;
  "x-data": DataRef;
};
export type DocumentedOperation = {
  operationId?: string;
  summary: string;
  description?: string;
  requestBody: DocumentedBody;
  responses: Record<string, DocumentedBody | { description: string }>;
};

type Operation = {
  path: string;
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

function operations(limits: Limits): Operation[] {
  return [
    {
      path: "/api/pix",
      name: "Pix",
      summary: "A Pix deposit: its BR Code and QR image for your own page",
      description:
        "The same reference with the same data answers 200 with the original answer; with other data 409 reference_conflict. deposit.paid, deposit.failed or deposit.expired follows.",
      request: createPixDepositSchema(limits),
      response: pixDepositAnswerSchema,
      creates: true,
    },
    {
      path: "/api/payment-initiation",
      name: "PaymentInitiation",
      summary: "A deposit paid from a bank account at a unique hosted URL",
      description:
        "Pix on-page's data plus the two redirect URLs. The customer pays at paymentInitiationUrl and returns to one of your URLs; deposit.paid or deposit.failed follows.",
      request: createPaymentInitiationSchema(limits),
      response: paymentInitiationAnswerSchema,
      creates: true,
    },
    {
      path: "/api/gateway-out",
      name: "GatewayOut",
      summary: "A payout to the customer by Pix key or bank account",
      description:
        "For pix a pix_key equal to cpf; for a bank branch, account and account_type. 422 insufficient_funds when your available balance is short. gateway_out.completed or gateway_out.canceled follows.",
      request: createGatewayOutSchema(limits),
      response: gatewayOutAnswerSchema,
      creates: true,
    },
    {
      path: "/api/status",
      name: "Status",
      summary: "A deposit's, payout's or refund's current status",
      description:
        "Send exactly one of id, transfer_id or reference; only your own transactions are found (404 not_found otherwise).",
      request: statusQuerySchema,
      response: statusAnswerSchema,
      creates: false,
    },
    {
      path: "/api/refund",
      name: "Refund",
      summary: "A refund of a paid deposit, whole or partial",
      description:
        "Refunds of one deposit add up to its paid amount at most (422 on amount says how much is left); the amount is held from your available funds until the outcome (422 insufficient_funds when short); a deposit that is not paid is a 409. refund.completed or refund.failed follows. The same request again answers 200 with the same refund.",
      request: createRefundSchema(limits),
      response: refundAnswerSchema,
      creates: true,
    },
    {
      path: "/api/sandbox/simulate",
      name: "SandboxSimulate",
      summary: "Move your sandbox deposit or payout to a final state (sandbox keys only)",
      description: "A live key gets 403 sandbox_only. The callback of the new status follows, as for a real one.",
      request: simulateSchema,
      response: simulateAnswerSchema,
      creates: false,
    },
    {
      path: "/api/callbacks/test",
      name: "CallbacksTest",
      summary: "Send a test callback to your callback URL now (sandbox keys only)",
      description:
        "A signed callback of type test; the answer is the attempt as the gateway saw it. Nothing is stored or retried. A live key gets 403 sandbox_only.",
      request: testCallbackRequestSchema,
      response: testCallbackAnswerSchema,
      creates: false,
    },
    {
      path: "/api/balance",
      name: "Balance",
      summary: "Your money in your key's mode: available, reserved and pending",
      description:
        "The sums the console's balance page shows. Sandbox and live money are never added together: a key sees its own mode's.",
      request: balanceQuerySchema,
      response: balanceAnswerSchema,
      creates: false,
    },
    {
      path: "/api/transactions",
      name: "Transactions",
      summary: "Your deposits, payouts and refunds, newest first, a page at a time",
      description:
        "The console's list, for your key's mode: filter by type, status, reference and days (from, to); page with next_cursor (as after) and previous_cursor (as before). A bad filter or cursor is a 422 naming it.",
      request: transactionListQuerySchema,
      response: transactionListAnswerSchema,
      creates: false,
    },
    {
      path: "/api/events",
      name: "Events",
      summary: "Your callback events with every delivery attempt, newest first, a page at a time",
      description:
        "Each event's payload is the data its callbacks carried; its attempts say what your endpoint answered. Filter by status, type or the transaction it reports; page as /api/transactions.",
      request: eventListQuerySchema,
      response: eventListAnswerSchema,
      creates: false,
    },
    {
      path: "/api/events/resend",
      name: "EventsResend",
      summary: "Send one of your callback events again",
      description:
        "The same event_id and payload, queued from the start of the retry schedule, whether it was delivered or failed; earlier attempts stay on record and the audit log names your key. Another merchant's event, or one of the other mode, is 404 not_found.",
      request: resendEventSchema,
      response: resendEventAnswerSchema,
      creates: false,
    },
  ];
}

const callbackData: Record<z.infer<typeof callbackTypeSchema>, z.ZodObject> = {
  "deposit.paid": depositCallbackDataSchema,
  "deposit.failed": depositCallbackDataSchema,
  "deposit.expired": depositCallbackDataSchema,
  "gateway_out.completed": payoutCallbackDataSchema,
  "gateway_out.canceled": payoutCallbackDataSchema,
  "refund.completed": refundCallbackDataSchema,
  "refund.failed": refundCallbackDataSchema,
};

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Requests are described as sent (before normalising), answers as the gateway writes them.
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  // The dialect is the document's own (OpenAPI 3.1's), not repeated in each schema.
  delete json.$schema;
  return json;
}

function callbackPayloadSchema(type: string, data: z.ZodObject): JsonSchema {
  const envelope = z.object({
    event_id: z.string().meta({
      description: "Unique per event: a retry carries the same one; ignore one you already handled",
      examples: ["evt_01JD0000000000000000000000"],
    }),
    type: z.literal(type),
    occurred_at: z.string().meta({ description: "When it happened, ISO 8601", examples: ["2026-11-22T21:00:05.000Z"] }),
  });
  return toJsonSchema(envelope.extend(data.shape), "output");
}

const ref = (name: string): DataRef => ({ $ref: `#/components/schemas/${name}` });

const errorTable = Object.entries(errorCodes)
  .map(([code, { status, title }]) => `| ${code} | ${status} | ${title} |`)
  .join("\n");

const envelopeDescription = `Every request is a POST whose body is {"jwt": "<compact JWS>"} (or the bare token with Content-Type: application/jwt), at most 64 KiB, signed with HS256 using your key's secret as UTF-8 text (not base64-decoded), with your keyId in the kid header. Claims: iat and exp in seconds (exp - iat at most 300 s; clocks may differ by 30 s), data (the operation's fields, described by x-data on each request body), and optionally jti (used once, a replay is 409), iss (your merchant id) and aud (cashier).

The answer is {"jwt": "<compact JWS>"} signed with the same key, header typ ${RESPONSE_TOKEN_TYPE}, with claims iat, exp (iat + ${RESPONSE_TOKEN_LIFETIME_SECONDS}), code (equal to the HTTP status) and data (described by x-data on each response). A data field the operation does not have is ignored, not refused, and a whole amount of 1000 or more is taken as reais: the answer's data, a refusal's too, then carries warnings (strings) saying so.

A refusal after the token is accepted is a signed answer whose data is ErrorData. A failure of the token itself is an unsigned application/problem+json Problem (RFC 9457), as no key is trusted yet. 429 carries Retry-After.

Callbacks (see webhooks) are a POST of {"jwt"} to your callback URL, signed with your key, header typ ${CALLBACK_TOKEN_TYPE}, whose data claim is the event, with exp = iat + ${CALLBACK_TOKEN_LIFETIME_SECONDS} (a queue may verify it later) and a jti unique to each delivery; act once per data.event_id, which a retry repeats. Answer 2xx, anything else is retried.

Not operations of this API: ${notJwtRoutes.join(" and ")}/… take no signed token (the health check, and the payment provider's notifications).`;

/** The OpenAPI 3.1 document of the JWT API, for the given amount limit. */
export function buildOpenApiDocument(limits: Limits) {
  const schemas: Record<string, JsonSchema> = {
    SignedToken: {
      type: "object",
      required: ["jwt"],
      properties: {
        jwt: { type: "string", description: "A compact JWS (HS256); its claims are described in info.description" },
      },
    },
    ErrorCode: {
      type: "string",
      enum: Object.keys(errorCodes),
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
        type: { type: "string", examples: ["/docs/errors#signature_invalid"] },
        title: { type: "string" },
        status: { type: "integer" },
        detail: { type: "string" },
        code: ref("ErrorCode"),
      },
    },
  };
  const paths: Record<string, { post: DocumentedOperation }> = {};
  for (const operation of operations(limits)) {
    schemas[`${operation.name}Request`] = {
      ...toJsonSchema(operation.request, "input"),
      examples: requestExamples[operation.path],
    };
    schemas[`${operation.name}Response`] = toJsonSchema(operation.response, "output");
    const answer = (description: string): DocumentedBody => ({
      description,
      content: { "application/json": { schema: ref("SignedToken") } },
      "x-data": ref(`${operation.name}Response`),
    });
    const refusal = (description: string): DocumentedBody => ({
      description,
      content: {
        "application/json": { schema: ref("SignedToken") },
        "application/problem+json": { schema: ref("Problem") },
      },
      "x-data": ref("ErrorData"),
    });
    paths[operation.path] = {
      post: {
        operationId: operation.name.charAt(0).toLowerCase() + operation.name.slice(1),
        summary: operation.summary,
        description: operation.description,
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ref("SignedToken") },
            "application/jwt": { schema: { type: "string" } },
          },
          "x-data": ref(`${operation.name}Request`),
        },
        responses: {
          ...(operation.creates ? { "201": answer("Created") } : {}),
          "200": answer(operation.creates ? "A replay of an earlier request: the original answer" : "OK"),
          "4XX": refusal(
            "Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails",
          ),
          "5XX": refusal(
            "The payment provider failed (502, 503: retry the same request) or an unexpected error (500, with an opaque id)",
          ),
        },
      },
    };
  }
  const webhooks: Record<string, { post: DocumentedOperation }> = {};
  const callbacks: [string, z.ZodObject][] = [...Object.entries(callbackData), ["test", testCallbackDataSchema]];
  for (const [type, data] of callbacks) {
    const name = `Callback_${type.replace(".", "_")}`;
    schemas[name] = callbackPayloadSchema(type, data);
    webhooks[type] = {
      post: {
        summary: `The ${type} callback, to your callback URL`,
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref("SignedToken") } },
          "x-data": ref(name),
        },
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
    info: { title: "Cashier merchant API", version: "1", description: envelopeDescription },
    paths,
    webhooks,
    components: { schemas },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let built: OpenApiDocument | undefined;

/** The document for this server's configured limits, built once. */
export function getOpenApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument({ maxAmountCents: getConfig().maxAmountCents });
  return built;
}
