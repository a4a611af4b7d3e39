import { withEnvelope } from "@/lib/envelope/with-envelope";
import { getTransactionStatus } from "@/lib/status/get-transaction-status";
import { statusQuerySchema } from "@/lib/status/schemas";

// POST /api/status - a deposit's, payout's or refund's current status, by id, transfer_id or reference
export const POST = withEnvelope("status", statusQuerySchema, ({ merchant, data }) =>
  getTransactionStatus({ merchantId: merchant.id, data }),
);
