import { createPixDeposit, toPixDepositAnswer } from "@/lib/deposits/create-pix-deposit";
import { createdOrReplayed, withEnvelope } from "@/lib/envelope/with-envelope";
import { createPixDepositSchema } from "@/lib/deposits/schemas";

// POST /api/pix - a Pix deposit: its BR Code and QR image for the merchant's own page
export const POST = withEnvelope("pix", createPixDepositSchema, async ({ merchant, data }) => {
  const created = await createPixDeposit({ merchant, data });
  return createdOrReplayed(created, toPixDepositAnswer(created.deposit));
});
