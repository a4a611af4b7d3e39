// The request schema of POST /api/refund (contract section 7).
import { z } from "zod";
import { type Limits, createAmountSchema, text } from "../transactions/request-schemas";

/** The API Pix's limit on a devolucao's descricao, which the reason becomes. */
export const REFUND_REASON_MAX = 140;

/** The deposit by id or by its reference (exactly one), the amount (absent: all that is left), the reason. */
export function createRefundSchema(limits: Limits) {
  return z
    .object({
      id: text(200).optional(),
      reference: text(200).optional(),
      amount: createAmountSchema(limits.maxAmountCents).optional(),
      reason: text(REFUND_REASON_MAX).optional(),
    })
    .refine((request) => (request.id === undefined) !== (request.reference === undefined), {
      message: "send exactly one of id or reference, naming the paid deposit to refund",
      path: ["id"],
    });
}
