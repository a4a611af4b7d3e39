// What a merchant's code does with the installed @cashier/client, in a scratch project outside the
// repository: e2e/clients.spec.ts type-checks this file under module NodeNext, compiles it to plain
// JavaScript and runs that on Node against the running gateway. It prints one JSON report, which the
// spec holds to the same expectations as python-scenario.py's.
import http from "node:http";
import { type CallbackData, CashierError, createClient } from "@cashier/client";

const { CASHIER_URL, CASHIER_KEY_ID, CASHIER_SECRET, CALLBACK_PORT, HTML_URL, REFERENCE, CUSTOMER } =
  process.env as Record<string, string>;
const cashier = createClient({ baseUrl: CASHIER_URL, keyId: CASHIER_KEY_ID, secret: CASHIER_SECRET });
const report: Record<string, unknown> = {};
const step = (name: string, value: unknown) => {
  report[name] = value;
  console.error(`${name}: ${JSON.stringify(value)}`);
};

// The merchant's callback endpoint: each body verified as it arrives, 401 when it does not verify.
const received: { data: CallbackData; body: string }[] = [];
const server = http.createServer(async (request, response) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  try {
    received.push({ data: await cashier.verifyCallback(body), body });
    response.writeHead(200).end();
  } catch {
    response.writeHead(401).end();
  }
});
await new Promise<void>((resolve) => server.listen(Number(CALLBACK_PORT), "127.0.0.1", resolve));

/** The callback of this event once it has come `times` times (a resend brings it again). */
async function callbackOf(eventId: string, times = 1): Promise<{ data: CallbackData; body: string }> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const callbacks = received.filter((c) => c.data.event_id === eventId);
    if (callbacks.length >= times) return callbacks[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no callback ${eventId} within 20 s`);
}

async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof CashierError)) throw error;
    return {
      status: error.status,
      type: error.type,
      fields: error.fields.map((f) => f.path),
      has_cause: !!error.cause,
    };
  }
  throw new Error("expected a CashierError");
}

// The fields every operation's data shares, as the spec hands them.
type Customer = {
  name: string;
  email: string;
  cpf: string;
  currency: "BRL";
  country: "BR";
  buyer_ip: string;
  merchant_user: string;
};
const customer = JSON.parse(CUSTOMER) as Customer;

try {
  const order = { ...customer, amount: "10.50", reference: `${REFERENCE}-pix` };
  const deposit = await cashier.pix(order);
  step("created", {
    replayed: deposit.replayed,
    is_deposit: deposit.id.startsWith("dep_"),
    amount: deposit.amount,
    status: deposit.status,
  });
  const again = await cashier.pix(order);
  step("replayed", { replayed: again.replayed, same_deposit: again.id === deposit.id });
  step("status", { status: (await cashier.status({ id: deposit.id })).status });

  const simulated = await cashier.sandbox.simulate({ id: deposit.id, outcome: "paid" });
  step("simulated", { status: simulated.status });
  const paid = await callbackOf(simulated.event_id);
  step("callback", {
    type: paid.data.type,
    same_deposit: "id" in paid.data && paid.data.id === deposit.id,
    status: "status" in paid.data ? paid.data.status : null,
    amount: "amount" in paid.data ? paid.data.amount : null,
  });
  const tested = await cashier.callbacks.test();
  step("test_callback", { delivered: tested.delivered, type: (await callbackOf(tested.event_id)).data.type });

  const refund = await cashier.refunds.create({ id: deposit.id, amount: "5.00" });
  const refundAgain = await cashier.refunds.create({ id: deposit.id, amount: "5.00" });
  step("refund", {
    replayed: refund.replayed,
    status: refund.status,
    replay: { replayed: refundAgain.replayed, same_refund: refundAgain.id === refund.id },
  });
  const payout = await cashier.gatewayOut({
    ...customer,
    amount: "1.00",
    reference: `${REFERENCE}-out`,
    paymentMethod: "pix",
    pix_key: "52998224725",
  });
  const payoutStatus = await cashier.status({ transfer_id: payout.transfer_id });
  step("payout", { replayed: payout.replayed, status: payoutStatus.status, amount: payoutStatus.amount });
  const initiation = await cashier.paymentInitiation({
    ...customer,
    amount: "20,00",
    reference: `${REFERENCE}-pi`,
    successRedirectUrl: "https://shop.example.com/paid",
    failedRedirectUrl: "https://shop.example.com/failed",
  });
  step("payment_initiation", {
    replayed: initiation.replayed,
    hosted: initiation.paymentInitiationUrl.includes("/pay/"),
    amount: initiation.amount,
  });
  const balance = await cashier.balance();
  step("balance", { mode: balance.mode, currency: balance.currency });
  const listed = await cashier.transactions.list({ reference: `${REFERENCE}-pix` });
  step("transactions", { types: listed.transactions.map((t) => t.type).sort() });
  const events = await cashier.events.list({ transaction_id: deposit.id });
  step("events", {
    paid_delivered: events.events.some((e) => e.event_id === simulated.event_id && e.status === "delivered"),
  });
  await cashier.events.resend({ event_id: simulated.event_id });
  step("resent", { received_again: (await callbackOf(simulated.event_id, 2)).data.type });

  // The payer contests the paid deposit (MED): a dispute that holds what the refund left of it.
  const disputed = await cashier.sandbox.simulate({ id: deposit.id, outcome: "disputed" });
  if (!("dispute_id" in disputed)) throw new Error(`the simulation opened no dispute: ${JSON.stringify(disputed)}`);
  const disputes = await cashier.disputes.list({ deposit_id: deposit.id });
  const opened = await callbackOf(disputed.event_id);
  const answer = {
    id: disputed.dispute_id,
    decision: "contest",
    justification: "The order was delivered to the payer's address; the signed receipt is on file.",
  } as const;
  const answered = await cashier.disputes.respond(answer);
  step("dispute", {
    listed: disputes.disputes.map((d) => ({
      same_dispute: d.id === disputed.dispute_id,
      status: d.status,
      held: d.held,
    })),
    opened: { type: opened.data.type, status: "status" in opened.data ? opened.data.status : null },
    answered: { status: answered.status, decision: answered.decision, held: answered.held },
  });
  step("dispute_again", await refusalOf(cashier.disputes.respond(answer)));

  const link = await fetch(await cashier.gatewayInUrl({ ...customer, reference: `${REFERENCE}-in` }), {
    redirect: "manual",
  });
  step("gateway_in", { http_status: link.status, to_payment: (link.headers.get("location") ?? "").includes("/pay/") });

  step(
    "refused",
    await refusalOf(
      cashier.gatewayOut({ ...customer, amount: "1", reference: `${REFERENCE}-bad`, paymentMethod: "bradesco" }),
    ),
  );
  const wrongKey = createClient({ baseUrl: CASHIER_URL, keyId: CASHIER_KEY_ID, secret: "not-the-secret" });
  step("wrong_secret", await refusalOf(wrongKey.status({ id: deposit.id })));
  const behindProxy = createClient({ baseUrl: HTML_URL, keyId: CASHIER_KEY_ID, secret: CASHIER_SECRET });
  step("not_json", await refusalOf(behindProxy.status({ id: deposit.id })));
  const unreachable = createClient({ baseUrl: "http://127.0.0.1:1", keyId: CASHIER_KEY_ID, secret: CASHIER_SECRET });
  step("unreachable", await refusalOf(unreachable.status({ id: deposit.id })));
  const forged = paid.body.replace(/\.[\w-]+"/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"');
  step("forged_callback", await refusalOf(cashier.verifyCallback(forged)));
} finally {
  server.close();
}
console.log(JSON.stringify(report));

// Never called: tsc fails on an unused @ts-expect-error, so these hold the types to the API's own
// (were a type `any`, they would pass unnoticed).
export function typesAreTheApis() {
  // @ts-expect-error: amount must be text or a number
  void cashier.pix({ ...customer, amount: true, reference: "r" });
  // @ts-expect-error: a Pix answer has no paymentInitiationUrl
  void cashier.pix({ ...customer, amount: "1", reference: "r" }).then((answer) => answer.paymentInitiationUrl);
  // @ts-expect-error: the client hands a Pix deposit's amount over as "10.50", never as the API's number
  void cashier.pix({ ...customer, amount: "1", reference: "r" }).then((answer): number => answer.amount);
  // @ts-expect-error: outcome is one of the sandbox's outcomes
  void cashier.sandbox.simulate({ id: "dep_1", outcome: "approved" });
  // @ts-expect-error: a dispute's decision is accept or contest
  void cashier.disputes.respond({ id: "dsp_1", decision: "refuse", justification: "text" });
}
