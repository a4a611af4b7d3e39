import { z } from "zod";

/** The events a merchant hears about (contract sections 5 and 7). */
export const callbackTypeSchema = z.enum([
  "gateway_out.completed",
  "gateway_out.canceled",
  "deposit.paid",
  "deposit.failed",
  "deposit.expired",
  "refund.completed",
  "refund.failed",
  "dispute.opened",
  "dispute.closed",
]);

export type CallbackType = z.infer<typeof callbackTypeSchema>;

export const callbackStatusSchema = z.enum(["pending", "delivered", "failed"]);
