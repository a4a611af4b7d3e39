import { withEnvelope } from "@/lib/envelope/with-envelope";
import { simulateTransaction } from "@/lib/sandbox/simulate-transaction";
import { simulateSchema } from "@/lib/sandbox/schemas";

// POST /api/sandbox/simulate - move a sandbox deposit or payout to a final state (sandbox keys only)
export const POST = withEnvelope("sandbox_simulate", simulateSchema, ({ merchant, data }) =>
  simulateTransaction({ merchant, data }),
);
