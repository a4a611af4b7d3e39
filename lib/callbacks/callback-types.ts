import { z } from "zod";

/** The events a merchant hears about (contract sections 5 and 7). */
const callbackTypes = [
  "gateway_out.completed",
  "gateway_out.canceled",
  "deposit.paid",
  "deposit.failed",
  "deposit.expired",
  "refund.completed",
  "refund.failed",
  "dispute.opened",
  "dispute.closed",
] as const;
const callbackStatuses = ["pending", "delivered", "failed"] as const;

// The refusals name the values, as every other filter's do, when a list is filtered by either.
export const callbackTypeSchema = z.enum(callbackTypes, { error: `must be one of ${callbackTypes.join(", ")}` });

export type CallbackType = z.infer<typeof callbackTypeSchema>;

export const callbackStatusSchema = z.enum(callbackStatuses, {
  error: `must be one of ${callbackStatuses.join(", ")}`,
});
