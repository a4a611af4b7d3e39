// The request schema of POST /api/refund (contract section 7).
import { z } from "zod";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";
import { type Limits, createAmountSchema, text } from "../transactions/request-schemas";

/** The API Pix's limit on a devolucao's descricao, which the reason becomes. */
export const REFUND_REASON_MAX = 140;

/** The deposit by id or by its reference (exactly one), the amount (absent: all that is left), the reason. */
export function createRefundSchema(limits: Limits) {
  return z
    .object({
      id: text(200)
        .optional()
        .meta({
          description: "The paid deposit's id (or send reference)",
          examples: [exampleIds.deposit],
        }),
      reference: text(200)
        .optional()
        .meta({ description: "The paid deposit's reference (or send id)", examples: ["order-1001"] }),
      amount: createAmountSchema(limits.maxAmountCents)
        .optional()
        .meta({ description: "In reais; absent means all that is left to refund" }),
      reason: text(REFUND_REASON_MAX)
        .optional()
        .meta({
          description: "Shown to the payer by their bank; the same request with another reason is another refund",
          examples: ["Produto devolvido"],
        }),
    })
    .refine((request) => (request.id === undefined) !== (request.reference === undefined), {
      message: "send exactly one of id or reference, naming the paid deposit to refund",
      path: ["id"],
    });
}

const refundFields = {
  id: z.string().meta({ description: "The refund's id", examples: [exampleIds.refund] }),
  deposit_id: z.string().meta({ description: "The refunded deposit's id" }),
  amount: z.string().meta({ description: "In reais with a decimal point", examples: ["10.50"] }),
  currency: z.string().meta({ examples: ["BRL"] }),
};

/** The answer to POST /api/refund, the same on a replay: the refund as created. */
export const refundAnswerSchema = z.object({
  ...refundFields,
  status: z.literal("pending").meta({ description: "The outcome follows by callback" }),
  warnings: warningsSchema,
});

/** The data of refund.completed and refund.failed. */
export const refundCallbackDataSchema = z.object({
  ...refundFields,
  reference: z.string().meta({ description: "The deposit's reference" }),
  status: z.enum(["completed", "failed"]).meta({ description: "The final status, as in the type" }),
  reason_code: z.string().optional().meta({
    description:
      "When failed: not_carried_out or provider_refused. When completed without the merchant asking (the PSP returned the money on its own): med_fraud, med_operational or returned_at_psp",
  }),
  reason: z.string().nullable().optional().meta({ description: "With reason_code: the reason in words" }),
});

export type RefundAnswer = z.infer<typeof refundAnswerSchema>;
export type RefundCallbackData = z.infer<typeof refundCallbackDataSchema>;
