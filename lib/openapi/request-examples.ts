// The example `data` of each operation, shown in the OpenAPI document, on /docs and in docs/api.md.
// A test posts every one, signed, through its route handler: an example the gateway would refuse
// fails the build instead of misleading a merchant. exampleIds.deposit and exampleIds.event stand
// for the deposit the Pix example creates and for the callback its payment causes.
import { exampleIds } from "../ids/example-ids";

/** Gateway In: the customer's GET, whose token carries the data. */
export const GATEWAY_IN_PATH = "/direct/{keyId}/{token}";

const customer = { name: "Maria da Silva", email: "maria@example.com", cpf: "529.982.247-25" };
const order = { amount: "10.50", currency: "BRL", merchant_user: "user-42", country: "BR", buyer_ip: "203.0.113.7" };

export const requestExamples: Record<string, Record<string, unknown>[]> = {
  "/api/pix": [{ ...customer, ...order, reference: "order-1001" }],
  "/api/status": [{ reference: "order-1001" }, { id: exampleIds.deposit }],
  "/api/sandbox/simulate": [{ id: exampleIds.deposit, outcome: "paid" }],
  "/api/refund": [{ reference: "order-1001", amount: "5.00", reason: "Produto devolvido" }],
  "/api/payment-initiation": [
    {
      ...customer,
      ...order,
      reference: "order-1002",
      successRedirectUrl: "https://shop.example.com/paid",
      failedRedirectUrl: "https://shop.example.com/failed",
    },
  ],
  "/api/gateway-out": [
    { ...customer, ...order, reference: "payout-2001", paymentMethod: "pix", pix_key: "52998224725" },
    {
      ...customer,
      ...order,
      reference: "payout-2002",
      paymentMethod: "banco-do-brasil",
      branch: "1234",
      account: "12345-5",
      account_type: "C",
    },
  ],
  "/api/callbacks/test": [{}],
  "/api/balance": [{}],
  "/api/transactions": [{ type: "deposit", status: "paid", limit: 20 }, { reference: "order-1001" }],
  "/api/events": [{ status: "failed" }, { transaction_id: exampleIds.deposit }],
  "/api/disputes": [{ status: "open" }, { deposit_id: exampleIds.deposit }],
  "/api/disputes/respond": [
    {
      id: exampleIds.dispute,
      decision: "contest",
      justification: "Order 1001 was delivered on 2026-11-20 to the payer's address; the signed receipt is on file.",
    },
  ],
  "/api/events/resend": [{ event_id: exampleIds.event }],
  "/api/events/forwarded": [
    { event_id: exampleIds.event, url: "http://localhost:8080/callbacks", http_status: 204, latency_ms: 12 },
  ],
  [GATEWAY_IN_PATH]: [
    {
      ...customer,
      amount: "10.50",
      currency: "BRL",
      merchant_user: "user-42",
      country: "BR",
      reference: "order-1003",
      paymentMethod: "pix",
      return_url: "https://shop.example.com/back",
    },
  ],
};
