// Disputes (issue 41): a payer's MED infraction notice against a deposit's Pix, as the merchant
// lists it (POST /api/disputes), answers it (POST /api/disputes/respond) and hears of it
// (dispute.opened, dispute.closed).
import { z } from "zod";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";
import { DISPUTE_REASON_CODES } from "../providers/contract/payment-provider";
import { pageAnswerFields, pageFields, refuseTwoCursors } from "../reads/schemas";
import { disputeStatuses } from "../transactions/statuses";

/** The most a justification may hold: the PSP passes it on to the payer's bank as it is. */
export const MAX_JUSTIFICATION = 2000;

export const disputeDecisions = ["accept", "contest"] as const;

const iso = (description: string, example: string) => z.string().meta({ description, examples: [example] });
const isoOrNull = (description: string, example: string) =>
  z
    .string()
    .nullable()
    .meta({ description, examples: [example] });

const disputeIdSchema = z
  .string({ error: "is required: the dispute's id (dsp_…)" })
  .trim()
  .min(1, "is required: the dispute's id (dsp_…)")
  .max(100, "must be at most 100 characters")
  .meta({ description: "The dispute's id", examples: [exampleIds.dispute] });

export const disputeListQuerySchema = z
  .object({
    status: z
      .enum(disputeStatuses, { error: `must be one of ${disputeStatuses.join(", ")}` })
      .optional()
      .meta({ description: "Only disputes in this status", examples: ["open"] }),
    deposit_id: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(100, "must be at most 100 characters")
      .optional()
      .meta({ description: "Only the disputes of this deposit", examples: [exampleIds.deposit] }),
    ...pageFields,
  })
  .superRefine(refuseTwoCursors);

export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;

export const respondToDisputeSchema = z.object({
  id: disputeIdSchema,
  decision: z.enum(disputeDecisions, { error: "must be accept or contest" }).meta({
    description: "accept: the payer's claim stands and the money goes back to them; contest: you defend the payment",
    examples: ["contest"],
  }),
  justification: z
    .string({ error: "is required: your answer in plain text" })
    .trim()
    .min(1, "is required: your answer in plain text")
    .max(MAX_JUSTIFICATION, `must be at most ${MAX_JUSTIFICATION} characters`)
    // Plain text for the PSP's analyst: line breaks (either kind) and tabs, no other control
    // character, no markup.
    .refine((text) => !/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text), "must be plain text: no control characters")
    .refine((text) => !/<[a-z!/]/i.test(text), "must be plain text: no HTML")
    .meta({
      description: `Your answer in plain text, at most ${MAX_JUSTIFICATION} characters: what was sold, to whom, the proof you hold`,
      examples: ["Order 1001 was delivered on 2026-11-20 to the payer's address; the signed receipt is on file."],
    }),
});

export type RespondToDisputeRequest = z.infer<typeof respondToDisputeSchema>;

const money = (description: string) => z.string().meta({ description, examples: ["10.50"] });

const disputeFields = {
  id: z.string().meta({ description: "The dispute's id", examples: [exampleIds.dispute] }),
  deposit_id: z.string().meta({ description: "The deposit whose Pix is contested", examples: [exampleIds.deposit] }),
  reference: z.string().meta({ description: "The deposit's reference", examples: ["order-1001"] }),
  amount: money("What the payer contests, in reais with a decimal point"),
  currency: z.string().meta({ examples: ["BRL"] }),
  reason_code: z.enum(DISPUTE_REASON_CODES).meta({
    description:
      "The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown",
    examples: ["scam"],
  }),
  reason: z.string().meta({ description: "The payer's claim in words", examples: ["Payer says they were deceived"] }),
  respond_by: iso("The PSP's deadline for your answer, ISO 8601", "2026-11-29T21:00:00.000Z"),
};

export const disputeItemSchema = z.object({
  ...disputeFields,
  status: z.enum(disputeStatuses).meta({
    description:
      "open (waiting for your answer), answered (the PSP decides), won (you keep the money), lost (it goes back to the payer) or canceled",
    examples: ["open"],
  }),
  held: money("What the dispute holds of your balance now: payouts cannot spend it"),
  decision: z.enum(disputeDecisions).nullable().meta({ description: "Your answer; null until you give it" }),
  justification: z.string().nullable().meta({ description: "Your answer's text; null until you give it" }),
  opened_at: iso("When the payer's bank opened it, ISO 8601", "2026-11-22T21:00:00.000Z"),
  answered_at: isoOrNull("When the PSP took your answer, ISO 8601", "2026-11-23T10:00:00.000Z"),
  closed_at: isoOrNull("When it was won, lost or canceled, ISO 8601", "2026-11-25T10:00:00.000Z"),
});

export type DisputeItem = z.infer<typeof disputeItemSchema>;

export const disputeListAnswerSchema = z.object({
  disputes: z.array(disputeItemSchema).meta({ description: "Your disputes of your key's mode, newest first" }),
  ...pageAnswerFields,
  warnings: warningsSchema,
});

export type DisputeListAnswer = z.infer<typeof disputeListAnswerSchema>;

export const respondToDisputeAnswerSchema = disputeItemSchema.extend({ warnings: warningsSchema });

export const disputeOpenedCallbackDataSchema = z.object({
  ...disputeFields,
  status: z.literal("open"),
});

export const disputeClosedCallbackDataSchema = z.object({
  ...disputeFields,
  status: z.enum(["won", "lost", "canceled"]).meta({ description: "The outcome, as in outcome" }),
  outcome: z.enum(["won", "lost", "canceled"]).meta({
    description:
      "won: you keep the money; lost: it goes back to the payer (a refund.completed follows); canceled: withdrawn",
  }),
});

export type DisputeOpenedCallbackData = z.infer<typeof disputeOpenedCallbackDataSchema>;
export type DisputeClosedCallbackData = z.infer<typeof disputeClosedCallbackDataSchema>;

/** What /api/status shows of a deposit's dispute while it is undecided. */
export const depositDisputeSchema = z
  .object({
    id: z.string().meta({ examples: [exampleIds.dispute] }),
    status: z.enum(["open", "answered"]),
    amount: money("What the payer contests"),
    respond_by: iso("The PSP's deadline for your answer, ISO 8601", "2026-11-29T21:00:00.000Z"),
  })
  .meta({ description: "An undecided dispute of this deposit (POST /api/disputes); absent when none" });
