// A merchant's code typed by nothing but what openapi-typescript generates from
// /openapi.decoded.json (./cashier-api.ts, written beside a copy of this file by
// lib/openapi/decoded-openapi-types.contract.test.ts, which type-checks the two). Each operation of the
// document is called here with a typed request and its typed answer read; the test fails for an
// operation this file does not call: give a new one a `call("itsOperationId", …)` below.
// Outside the project's tsconfig, as ./cashier-api exists only where the test writes it.
import type { components, operations, webhooks } from "./cashier-api";

type JsonOf<Body> = Body extends { content: { "application/json": infer Data } } ? Data : never;
/** The operations whose request is a body: all but Gateway In's GET. */
type PostOperation = {
  [Id in keyof operations]: operations[Id] extends { requestBody: object } ? Id : never;
}[keyof operations];
type RequestData<Id extends PostOperation> = JsonOf<operations[Id]["requestBody"]>;
type AnswerData<Id extends PostOperation> = JsonOf<operations[Id]["responses"][200]>;
type GatewayIn = operations["gatewayIn"]["parameters"]["path"];
type Refusal = components["schemas"]["ErrorData"];
type CallbackData<Type extends keyof webhooks> = JsonOf<NonNullable<webhooks[Type]["post"]>["requestBody"]>;

/** Signs `data` into a request token, posts it, and answers the verified answer's data; a refusal is thrown as its data. */
declare function call<Id extends PostOperation>(operationId: Id, data: RequestData<Id>): Promise<AnswerData<Id>>;
/** The customer's address of Gateway In: the token signs `data`. */
declare function gatewayInUrl(keyId: GatewayIn["keyId"], data: GatewayIn["token"]): string;

const customer = { name: "Maria da Silva", email: "maria@example.com", cpf: "529.982.247-25" };
// No currency, nor a list's limit below: what the gateway fills in when absent is optional to send.
const order = { merchant_user: "user-42", country: "BR", buyer_ip: "::ffff:203.0.113.7" } as const;

export async function sellRefundAndPayOut(keyId: string): Promise<string[]> {
  const deposit = await call("pix", { ...customer, ...order, amount: "10.50", reference: "order-1" });
  const qrCodeText: string = deposit.qrCodeText;
  const initiation = await call("paymentInitiation", {
    ...customer,
    ...order,
    amount: 10.5,
    reference: "order-2",
    successRedirectUrl: "https://shop.example.com/paid",
    failedRedirectUrl: "https://shop.example.com/failed",
  });
  const paymentPage: string = initiation.paymentInitiationUrl;
  const simulated = await call("sandboxSimulate", { id: deposit.id, outcome: "paid" });
  const eventId: string = simulated.event_id;
  const status = await call("status", { id: deposit.id });
  const isPaid: boolean = status.status === "paid";
  const refund = await call("refund", { id: deposit.id, amount: "5.00", reason: "Produto devolvido" });
  const refundId: string = refund.id;
  const payout = await call("gatewayOut", {
    ...customer,
    ...order,
    amount: "5.00",
    reference: "payout-1",
    paymentMethod: "pix",
    pix_key: "52998224725",
  });
  const transferId: string = payout.transfer_id;
  const attempt = await call("callbacksTest", {});
  const isDelivered: boolean = attempt.delivered;
  const balance = await call("balance", {});
  const available: string = balance.available;
  const page = await call("transactions", { type: "deposit", status: "paid", limit: 20 });
  const older = page.next_cursor ? await call("transactions", { after: page.next_cursor }) : page;
  const references: string[] = [...page.transactions, ...older.transactions].map((row) => row.reference);
  const events = await call("events", { transaction_id: deposit.id, status: "failed" });
  const answers = events.events.flatMap((event) => event.attempts.map((tried) => tried.http_status));
  const resent = await call("eventsResend", { event_id: events.events[0]?.event_id ?? eventId });
  const resentStatus: string = resent.status;
  const forwarded = await call("eventsForwarded", {
    event_id: resent.event_id,
    url: "http://localhost:8080/callbacks",
    http_status: 204,
    latency_ms: 12,
  });
  const forwardedAs: number = forwarded.attempt;
  const disputed = await call("sandboxSimulate", { id: deposit.id, outcome: "disputed" });
  const disputes = await call("disputes", { status: "open", deposit_id: deposit.id });
  const deadlines: string[] = disputes.disputes.map((dispute) => dispute.respond_by);
  const answered = await call("disputesRespond", {
    id: "dispute_id" in disputed ? disputed.dispute_id : (disputes.disputes[0]?.id ?? ""),
    decision: "contest",
    justification: "Order 1 was delivered; the signed receipt is on file.",
  });
  const disputeStatus: string = answered.status;
  const cashier = gatewayInUrl(keyId, {
    ...customer,
    currency: "BRL",
    merchant_user: "user-42",
    country: "BR",
    reference: "order-3",
    paymentMethod: "pix",
    return_url: "https://shop.example.com/back",
  });

  // The types are the document's, not any: each line below is an error the compiler must report.
  // @ts-expect-error: a Pix deposit needs its reference, country, buyer_ip…
  await call("pix", { amount: "10.50" });
  const atNubank = { ...customer, ...order, reference: "order-4", paymentMethod: "nubank" } as const;
  // @ts-expect-error: Gateway In's methods leave nubank out
  gatewayInUrl(keyId, atNubank);
  // @ts-expect-error: the answer has no such field
  void deposit.qr_code;

  return [
    qrCodeText,
    paymentPage,
    eventId,
    String(isPaid),
    refundId,
    transferId,
    String(isDelivered),
    available,
    ...references,
    ...answers.map(String),
    resentStatus,
    String(forwardedAs),
    ...deadlines,
    disputeStatus,
    cashier,
  ];
}

/** A refusal's data (signed) and a failed token's problem (unsigned), as the documents type them. */
export function explain(refusal: Refusal, problem: components["schemas"]["Problem"]): string {
  const code: components["schemas"]["ErrorCode"] = refusal.error.type;
  const fields = (refusal.error.fields ?? []).map((field) => `${field.path}: ${field.message}`);
  return [code, refusal.error.detail, ...fields, `${problem.status} ${problem.code}`].join("\n");
}

/** A callback's data, told apart by its type. */
export function onCallback(
  data:
    | CallbackData<"deposit.paid">
    | CallbackData<"gateway_out.canceled">
    | CallbackData<"dispute.closed">
    | CallbackData<"test">,
): string {
  switch (data.type) {
    case "deposit.paid":
      return `${data.id} paid ${data.amount} ${data.currency}`;
    case "gateway_out.canceled":
      return `${data.transfer_id} canceled: ${data.reason_code ?? ""} ${data.reason ?? ""}`;
    case "dispute.closed":
      return `${data.id} of ${data.deposit_id}: ${data.outcome}`;
    case "test":
      return data.event_id;
  }
}
