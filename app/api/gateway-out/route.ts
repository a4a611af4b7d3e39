import { createdOrReplayed, withEnvelope } from "@/lib/envelope/with-envelope";
import { createPayout } from "@/lib/payouts/create-payout";
import { type GatewayOutAnswer, createGatewayOutSchema } from "@/lib/payouts/schemas";

// POST /api/gateway-out - a payout to the customer by Pix key or bank account
export const POST = withEnvelope("gateway_out", createGatewayOutSchema, async ({ merchant, data }) => {
  const created = await createPayout({ merchant, data });
  return createdOrReplayed(created, { transfer_id: created.transferId } satisfies GatewayOutAnswer);
});
