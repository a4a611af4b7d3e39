import { z } from "zod";
import { depositDisputeSchema } from "../disputes/schemas";
import { depositReasons } from "../deposits/schemas";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";

const identifier = (description: string, example: string) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .optional()
    .meta({ description, examples: [example] });

/** POST /api/status: exactly one of id, transfer_id or reference. */
export const statusQuerySchema = z
  .object({
    id: identifier("A deposit's or refund's id (or a payout's transfer_id)", exampleIds.deposit),
    transfer_id: identifier("A payout's transfer_id", exampleIds.payout),
    reference: identifier("Your reference of a deposit or payout", "order-1001"),
  })
  .refine((q) => [q.id, q.transfer_id, q.reference].filter((v) => v !== undefined).length === 1, {
    message: "send exactly one of id, transfer_id or reference",
    path: ["id"],
  });

export type StatusQuery = z.infer<typeof statusQuerySchema>;

/** The answer to POST /api/status: a deposit's, payout's or refund's current state. */
export const statusAnswerSchema = z.object({
  id: z.string().meta({ description: "The transaction's id" }),
  transfer_id: z.string().optional().meta({ description: "A payout's id again, under the name its request answered" }),
  operation: z
    .string()
    .meta({ description: "pix, payment_initiation, gateway_in, gateway_out or refund", examples: ["pix"] }),
  deposit_id: z.string().optional().meta({ description: "A refund's deposit" }),
  reference: z.string().meta({ description: "Your reference (a refund's: its deposit's)" }),
  status: z.string().meta({
    description:
      "pending, paid, failed or expired (deposit); pending, completed or canceled (payout); pending, completed or failed (refund)",
    examples: ["paid"],
  }),
  amount: z.string().meta({ description: "In reais with a decimal point", examples: ["10.50"] }),
  currency: z.string().meta({ examples: ["BRL"] }),
  created_at: z.string().meta({ description: "ISO 8601", examples: ["2026-11-22T21:00:00.000Z"] }),
  updated_at: z.string().meta({ description: "ISO 8601", examples: ["2026-11-22T21:00:05.000Z"] }),
  reason_code: z
    .string()
    .optional()
    .meta({
      description: `Why, as a code: a deposit that failed or expired (${Object.keys(depositReasons).join(", ")}), a payout canceled (psp_refused, sandbox_simulated or the operator's code), a refund that failed (not_carried_out, provider_refused) or that the PSP made on its own (med_fraud, med_operational, returned_at_psp)`,
      examples: ["expired"],
    }),
  reason: z.string().nullable().optional().meta({ description: "With reason_code: why, in words" }),
  dispute: depositDisputeSchema.optional(),
  warnings: warningsSchema,
});

export type StatusAnswer = z.infer<typeof statusAnswerSchema>;
