import { withEnvelope } from "@/lib/envelope/with-envelope";
import { createPayout } from "@/lib/payouts/create-payout";

// POST /api/gateway-out - a payout to the customer by Pix key or bank account
export const POST = withEnvelope("gateway_out", ({ merchant, data }) => createPayout({ merchant, data }));
