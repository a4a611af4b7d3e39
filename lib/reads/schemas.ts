// The read APIs' requests and answers: POST /api/balance, /api/transactions, /api/events and
// /api/events/resend. Each answers what the console shows, for the key's merchant and mode only.
import { z } from "zod";
import { callbackStatusSchema, callbackTypeSchema } from "../callbacks/callback-types";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";
import { cursorSchema, daySchema } from "../listing/query";
import { merchantModeSchema } from "../merchants/schemas";
import { transactionKinds } from "../transactions/kinds";
import { publicStatusesOf } from "../transactions/statuses";

/** A page holds 50 rows unless asked, at most 100: the console's page, and a signed answer that stays small. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

const iso = (description: string, example: string) => z.string().meta({ description, examples: [example] });
const isoOrNull = (description: string, example: string) =>
  z
    .string()
    .nullable()
    .meta({ description, examples: [example] });
const money = (description: string) => z.string().meta({ description, examples: ["10.50"] });

/** POST /api/balance takes no data. */
export const balanceQuerySchema = z.object({});

export const balanceAnswerSchema = z.object({
  mode: merchantModeSchema.meta({ description: "Your key's mode: the money of the other mode is never counted" }),
  currency: z.string().meta({ examples: ["BRL"] }),
  available: money("What you can pay out or refund now, in reais with a decimal point"),
  reserved: money("Held by your pending payouts and refunds until their outcome"),
  pending: money("What your pending deposits would bring in if paid: not yours yet, and never counted in available"),
  warnings: warningsSchema,
});

export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;

const cursor = (direction: string) =>
  cursorSchema("is not a cursor of this list: send next_cursor or previous_cursor as a list answered it")
    .optional()
    .meta({ description: direction });

/** What every list takes: its page's size and one cursor. */
export const pageFields = {
  limit: z
    .number({ error: "must be a whole number of rows" })
    .int("must be a whole number of rows")
    .min(1, "must be at least 1")
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Rows in the page, 1 to ${MAX_PAGE_SIZE}; absent: ${DEFAULT_PAGE_SIZE}`, examples: [20] }),
  after: cursor("An answer's next_cursor: the rows after it, older"),
  before: cursor("An answer's previous_cursor: the rows before it, newer"),
};

/** A page is read one way: after a cursor (older rows) or before one (newer rows). */
export function refuseTwoCursors(query: { after?: unknown; before?: unknown }, ctx: z.RefinementCtx) {
  if (query.after !== undefined && query.before !== undefined)
    ctx.addIssue({ code: "custom", message: "send after or before, not both", path: ["before"] });
}

export const pageAnswerFields = {
  next_cursor: z
    .string()
    .nullable()
    .meta({ description: "Send it as after for the next (older) page; null on the last page" }),
  previous_cursor: z
    .string()
    .nullable()
    .meta({ description: "Send it as before for the previous (newer) page; null on the first page" }),
};

const allStatuses = [...new Set(Object.values(publicStatusesOf).flat())] as [string, ...string[]];

export const transactionListQuerySchema = z
  .object({
    type: z
      .enum(transactionKinds, { error: `must be one of ${transactionKinds.join(", ")}` })
      .optional()
      .meta({ description: "deposit, payout or refund; all three when absent", examples: ["deposit"] }),
    status: z
      .enum(allStatuses, { error: `must be one of ${allStatuses.join(", ")}` })
      .optional()
      .meta({ description: "Only rows in this status, as /api/status names it", examples: ["paid"] }),
    reference: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(200, "must be at most 200 characters")
      .optional()
      .meta({ description: "Only this reference (a refund's is its deposit's)", examples: ["order-1001"] }),
    from: daySchema.optional().meta({
      description: "Created on this day or later, YYYY-MM-DD in Brasília time (UTC−3)",
      examples: ["2026-11-01"],
    }),
    to: daySchema
      .optional()
      .meta({ description: "Created on this day or earlier, YYYY-MM-DD in Brasília time", examples: ["2026-11-30"] }),
    ...pageFields,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "must not be after to",
    path: ["from"],
  })
  .superRefine((query, ctx) => {
    const statuses: readonly string[] = query.type ? publicStatusesOf[query.type] : [];
    if (query.type && query.status && !statuses.includes(query.status))
      ctx.addIssue({
        code: "custom",
        message: `a ${query.type} is ${statuses.join(", ")}, never ${query.status}`,
        path: ["status"],
      });
  })
  .superRefine(refuseTwoCursors);

export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

const transactionItemSchema = z.object({
  id: z.string().meta({ description: "The deposit's, payout's or refund's id", examples: [exampleIds.deposit] }),
  type: z.enum(transactionKinds).meta({ description: "deposit, payout or refund" }),
  operation: z
    .string()
    .meta({ description: "pix, payment_initiation, gateway_in, gateway_out or refund", examples: ["pix"] }),
  transfer_id: z.string().optional().meta({ description: "A payout's id again, under the name its request answered" }),
  deposit_id: z.string().optional().meta({ description: "A refund's deposit" }),
  reference: z.string().meta({ description: "Your reference (a refund's: its deposit's)", examples: ["order-1001"] }),
  status: z.string().meta({ description: "As /api/status answers it", examples: ["paid"] }),
  amount: money("In reais with a decimal point"),
  currency: z.string().meta({ examples: ["BRL"] }),
  created_at: iso("ISO 8601", "2026-11-22T21:00:00.000Z"),
  settled_at: isoOrNull("When it reached its final status, ISO 8601; null while pending", "2026-11-22T21:00:05.000Z"),
});

export const transactionListAnswerSchema = z.object({
  transactions: z
    .array(transactionItemSchema)
    .meta({ description: "Your deposits, payouts and refunds of your key's mode, newest first" }),
  ...pageAnswerFields,
  warnings: warningsSchema,
});

export type TransactionListAnswer = z.infer<typeof transactionListAnswerSchema>;

export const eventListQuerySchema = z
  .object({
    status: callbackStatusSchema
      .optional()
      .meta({ description: "pending (not delivered yet), delivered or failed (given up)", examples: ["failed"] }),
    type: callbackTypeSchema.optional().meta({ description: "Only events of this type", examples: ["deposit.paid"] }),
    transaction_id: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(200, "must be at most 200 characters")
      .optional()
      .meta({
        description: "Only the events reporting this deposit, payout (its transfer_id) or refund",
        examples: [exampleIds.deposit],
      }),
    ...pageFields,
  })
  .superRefine(refuseTwoCursors);

export type EventListQuery = z.infer<typeof eventListQuerySchema>;

const attemptSchema = z.object({
  number: z.number().meta({ description: "1 for the first attempt", examples: [1] }),
  state: z.enum(["succeeded", "failed", "in_flight", "interrupted", "forwarded"]).meta({
    description:
      "succeeded (your endpoint answered 2xx), failed, in_flight (being sent now), interrupted (the gateway stopped mid-attempt: you may have received it) or forwarded (your forwarder, `npm run listen -- --forward-to`, posted it to your machine; http_status is what answered there)",
  }),
  started_at: iso("ISO 8601", "2026-11-22T21:00:05.000Z"),
  finished_at: isoOrNull("ISO 8601; null while in flight or interrupted", "2026-11-22T21:00:05.120Z"),
  url: z.string().nullable().meta({ description: "Where it was sent; null when no callback URL was set" }),
  key_id: z.string().nullable().meta({ description: "The key that signed it" }),
  http_status: z.number().nullable().meta({ description: "Your endpoint's answer; null when none came" }),
  latency_ms: z.number().nullable().meta({ description: "How long your endpoint took" }),
  error: z.string().nullable().meta({
    description:
      "Why it was not delivered, when no answer says it, coarsely: no callback URL or key, `address not allowed: …` or `no answer: …`",
  }),
  response_excerpt: z.string().nullable().meta({ description: "The first 500 bytes of your endpoint's answer" }),
});

const eventSchema = z.object({
  event_id: z.string().meta({ description: "The callback's event_id", examples: [exampleIds.event] }),
  type: z.string().meta({ examples: ["deposit.paid"] }),
  status: callbackStatusSchema.meta({
    description: "pending (waiting for its next attempt), delivered or failed (given up after the last retry)",
  }),
  transaction_id: z.string().nullable().meta({ description: "The deposit, payout or refund it reports" }),
  created_at: iso("ISO 8601", "2026-11-22T21:00:05.000Z"),
  next_attempt_at: isoOrNull("When it is sent next, ISO 8601; null unless pending", "2026-11-22T21:00:15.000Z"),
  delivered_at: isoOrNull("ISO 8601; null until delivered", "2026-11-22T21:00:05.120Z"),
  payload: z
    .record(z.string(), z.unknown())
    .meta({ description: "The callback's data claim, as every attempt sent it (iat and exp are fresh each time)" }),
  attempts: z.array(attemptSchema).meta({ description: "Every attempt so far, first first" }),
});

export const eventListAnswerSchema = z.object({
  events: z.array(eventSchema).meta({ description: "Your callback events of your key's mode, newest first" }),
  ...pageAnswerFields,
  warnings: warningsSchema,
});

export type EventListAnswer = z.infer<typeof eventListAnswerSchema>;

const eventIdField = (what: string) =>
  z
    .string({ error: `is required: ${what}` })
    .trim()
    .min(1, "is required")
    .max(200, "must be at most 200 characters")
    .meta({ description: "The callback's event_id", examples: [exampleIds.event] });

export const resendEventSchema = z.object({
  event_id: eventIdField("the event_id of the callback to send again"),
});

export const resendEventAnswerSchema = z.object({
  event_id: z.string().meta({ description: "The same event_id: your de-duplication still holds" }),
  status: callbackStatusSchema.meta({ description: "pending: queued again", examples: ["pending"] }),
  next_attempt_at: iso("When it is sent, ISO 8601 (now: the next worker round)", "2026-11-22T21:00:05.000Z"),
  warnings: warningsSchema,
});

export type ResendEventAnswer = z.infer<typeof resendEventAnswerSchema>;

export const forwardedEventSchema = z.object({
  event_id: eventIdField("the event_id of the callback you forwarded"),
  url: z
    .string({ error: "is required: where you forwarded the callback" })
    .trim()
    .max(2048, "must be at most 2048 characters")
    .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), "must be an http or https URL")
    .refine(
      (url) => !URL.canParse(url) || (new URL(url).username === "" && new URL(url).password === ""),
      "must not carry a user name or password: the attempts show it to everyone who reads them",
    )
    .meta({ description: "Where your forwarder posted it", examples: ["http://localhost:8080/callbacks"] }),
  http_status: z
    .number({ error: "is required: the HTTP status that answered, or null when none did" })
    .int("must be a whole number")
    .min(100, "must be an HTTP status, 100 to 599")
    .max(599, "must be an HTTP status, 100 to 599")
    .nullable()
    .meta({ description: "What answered there; null when nothing did", examples: [204] }),
  latency_ms: z
    .number({ error: "is required: how long the post took, in milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must not be negative")
    .max(3_600_000, "must be at most 3600000 (an hour)")
    .meta({ examples: [12] }),
  error: z
    .string({ error: "must be text or null" })
    .max(500, "must be at most 500 characters")
    .nullable()
    .default(null)
    .meta({ description: "Why nothing answered, in your forwarder's words", examples: [null] }),
});

export const forwardedEventAnswerSchema = z.object({
  event_id: z.string().meta({ examples: [exampleIds.event] }),
  attempt: z.number().meta({ description: "The number the attempt took among the event's attempts", examples: [2] }),
  state: z.literal("forwarded"),
  warnings: warningsSchema,
});

export type ForwardedEventAnswer = z.infer<typeof forwardedEventAnswerSchema>;
