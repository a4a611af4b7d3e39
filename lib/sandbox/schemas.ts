// POST /api/sandbox/simulate (contract section 8): the transaction and the status to reach.
import { z } from "zod";

export const depositOutcomes = ["paid", "failed", "expired"] as const;
export const payoutOutcomes = ["completed", "canceled"] as const;
const outcomes = [...depositOutcomes, ...payoutOutcomes] as const;

export const simulateSchema = z.object({
  id: z.string({ error: "is required: the deposit's id or the payout's transfer_id" }).trim().min(1, "is required").max(100, "must be at most 100 characters"),
  outcome: z.enum(outcomes, { error: `must be one of ${outcomes.join(", ")}` }).optional(),
});

export type SimulateRequest = z.infer<typeof simulateSchema>;
