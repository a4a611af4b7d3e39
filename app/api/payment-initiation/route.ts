import { createPaymentInitiation } from "@/lib/deposits/create-payment-initiation";
import { withEnvelope } from "@/lib/envelope/with-envelope";

// POST /api/payment-initiation - a deposit paid from a bank account at a unique hosted URL
export const POST = withEnvelope("payment_initiation", ({ merchant, data }) => createPaymentInitiation({ merchant, data }));
