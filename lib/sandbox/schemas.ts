// POST /api/sandbox/simulate (contract section 8): the transaction and the status to reach.
import { z } from "zod";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";

export const depositOutcomes = ["paid", "failed", "expired"] as const;
export const payoutOutcomes = ["completed", "canceled"] as const;
/** A paid deposit's payer contests it: a MED infraction opens a dispute (POST /api/disputes). */
export const DISPUTED = "disputed";
const outcomes = [...depositOutcomes, ...payoutOutcomes, DISPUTED] as const;

export const simulateSchema = z.object({
  id: z
    .string({ error: "is required: the deposit's id or the payout's transfer_id" })
    .trim()
    .min(1, "is required")
    .max(100, "must be at most 100 characters")
    .meta({
      description: "Your sandbox deposit's id or payout's transfer_id",
      examples: [exampleIds.deposit],
    }),
  outcome: z
    .enum(outcomes, { error: `must be one of ${outcomes.join(", ")}` })
    .optional()
    .meta({
      description:
        "paid, failed or expired (deposit); completed or canceled (payout); disputed (a paid deposit: its payer opens a dispute); absent: the amount decides (x,01 fails or cancels, x,02 expires)",
    }),
});

const simulatedFields = {
  mode: z.string().meta({ description: "sandbox", examples: ["sandbox"] }),
  status: z.enum([...depositOutcomes, ...payoutOutcomes]).meta({ description: "The status reached" }),
  event_id: z.string().meta({ description: "The callback on its way", examples: [exampleIds.event] }),
  warnings: warningsSchema,
};

/** The answer to POST /api/sandbox/simulate: the deposit's id or the payout's transfer_id, and the status reached. */
export const simulateAnswerSchema = z.union([
  z.object({ id: z.string().meta({ description: "The deposit's id" }), ...simulatedFields }),
  z.object({
    id: z.string().meta({ description: "The deposit's id" }),
    mode: simulatedFields.mode,
    status: z.literal("paid").meta({ description: "A disputed deposit stays paid" }),
    dispute_id: z
      .string()
      .meta({ description: "The dispute opened (outcome disputed)", examples: [exampleIds.dispute] }),
    event_id: z.string().meta({ description: "The dispute.opened callback on its way", examples: [exampleIds.event] }),
    warnings: warningsSchema,
  }),
  z.object({ transfer_id: z.string().meta({ description: "The payout's transfer_id" }), ...simulatedFields }),
]);

/** POST /api/callbacks/test takes no data. */
export const testCallbackRequestSchema = z.object({});

/** The answer to POST /api/callbacks/test: the attempt as the gateway saw it. */
export const testCallbackAnswerSchema = z.object({
  event_id: z.string().meta({ description: "The test callback's event_id" }),
  url: z.string().nullable().meta({ description: "Your callback URL; null when none is registered" }),
  sent_at: z.string().meta({ description: "ISO 8601" }),
  http_status: z
    .number()
    .nullable()
    .meta({ description: "Your endpoint's HTTP status; null when it could not be reached" }),
  latency_ms: z.number().meta({ description: "How long your endpoint took" }),
  body_excerpt: z.string().nullable().meta({ description: "The start of your endpoint's answer" }),
  error: z.string().nullable().meta({
    description:
      "Why it could not be delivered, coarsely: no callback URL or key, `address not allowed: …` or `no answer: …`",
  }),
  delivered: z.boolean().meta({ description: "true when your endpoint answered 2xx" }),
  warnings: warningsSchema,
});

/** The data of the test callback: only its envelope (event_id, type test, occurred_at). */
export const testCallbackDataSchema = z.object({});

export type SimulateRequest = z.infer<typeof simulateSchema>;
export type SimulateAnswer = z.infer<typeof simulateAnswerSchema>;
export type TestCallbackAnswer = z.infer<typeof testCallbackAnswerSchema>;
