import { createPaymentInitiation, toPaymentInitiationAnswer } from "@/lib/deposits/create-payment-initiation";
import { createdOrReplayed, withEnvelope } from "@/lib/envelope/with-envelope";
import { createPaymentInitiationSchema } from "@/lib/deposits/schemas";

// POST /api/payment-initiation - a deposit paid from a bank account at a unique hosted URL
export const POST = withEnvelope("payment_initiation", createPaymentInitiationSchema, async ({ merchant, data }) => {
  const created = await createPaymentInitiation({ merchant, data });
  return createdOrReplayed(created, toPaymentInitiationAnswer(created.deposit));
});
