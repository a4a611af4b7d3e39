import { createdOrReplayed, withEnvelope } from "@/lib/envelope/with-envelope";
import { createRefund, toRefundAnswer } from "@/lib/refunds/create-refund";
import { createRefundSchema } from "@/lib/refunds/schemas";

// POST /api/refund - a refund of a paid deposit, whole or partial
export const POST = withEnvelope("refund", createRefundSchema, async ({ merchant, data }) => {
  const created = await createRefund({ merchant, data });
  return createdOrReplayed(created, toRefundAnswer(created.refund));
});
