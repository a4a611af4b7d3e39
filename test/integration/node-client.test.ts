// The typed client in clients/node (its source; e2e/clients.spec.ts installs the packed package)
// drives each operation over HTTP against the route handlers, as a merchant's code would, and
// verifies a real callback.
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { CashierError, createClient } = await import("@/clients/node/src/index");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { createTestMerchant } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { importEnvelopeHandlers } = await import("../support/envelope-handlers");
const { startRouteServer } = await import("../support/route-server");

const routes = await importEnvelopeHandlers();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: Awaited<ReturnType<typeof startRouteServer>>;
beforeAll(async () => {
  receiver = await startReceiver();
  server = await startRouteServer(routes);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const customer = {
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  currency: "BRL",
  country: "BR",
  buyer_ip: "203.0.113.9",
  merchant_user: "user-42",
} as const;

describe("the Node.js client", () => {
  it("drives every operation, verifies each answer and a real callback, and throws refusals typed", async () => {
    const merchant = await createTestMerchant({
      callbackUrl: receiver.url,
      redirectOrigins: ["https://shop.example.com"],
    });
    const cashier = createClient({ baseUrl: server.url, keyId: merchant.keyId, secret: merchant.secret });

    // The API answers a Pix's amount as the number 10.5 and Payment Initiation's as "20,00": the
    // client hands both over as "10.50"-form strings.
    const deposit = await cashier.pix({ ...customer, amount: "10.50", reference: "client-pix" });
    expect(deposit).toMatchObject({
      id: expect.stringMatching(/^dep_/),
      amount: "10.50",
      reference: "client-pix",
      replayed: false,
    });
    expect(deposit.qrCodeText).toContain("br.gov.bcb.pix");
    expect(await cashier.pix({ ...customer, amount: "10.50", reference: "client-pix" })).toEqual({
      ...deposit,
      replayed: true,
    });

    const initiation = await cashier.paymentInitiation({
      ...customer,
      amount: "20,00",
      reference: "client-pi",
      successRedirectUrl: "https://shop.example.com/paid",
      failedRedirectUrl: "https://shop.example.com/failed",
    });
    expect(initiation.paymentInitiationUrl).toMatch(/\/pay\//);
    expect(initiation.amount).toBe("20.00");

    const paid = await cashier.sandbox.simulate({ id: deposit.id, outcome: "paid" });
    expect(paid).toMatchObject({ id: deposit.id, status: "paid", mode: "sandbox" });
    await runCallbackWorker({ isOnce: true });
    const received = receiver.received.find((r) => r.data.event_id === paid.event_id);
    expect(await cashier.verifyCallback(received!.body)).toMatchObject({
      type: "deposit.paid",
      id: deposit.id,
      status: "paid",
      amount: "10.50",
    });
    const forged = JSON.stringify({
      jwt: received!.jwt.replace(/\.[^.]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    });
    await expect(cashier.verifyCallback(forged)).rejects.toMatchObject({
      type: "invalid_callback",
      message: expect.stringMatching(/signature/),
    });
    const tested = await cashier.callbacks.test();
    expect(tested).toMatchObject({ url: receiver.url, delivered: true, http_status: 204 });
    expect(receiver.received.find((r) => r.data.event_id === tested.event_id)?.data.type).toBe("test");

    expect(await cashier.status({ reference: "client-pix" })).toMatchObject({
      id: deposit.id,
      status: "paid",
      amount: "10.50",
    });
    const refund = await cashier.refunds.create({ id: deposit.id, amount: "5.00" });
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^rfd_/),
      deposit_id: deposit.id,
      amount: "5.00",
      status: "pending",
      replayed: false,
    });

    await fundSandboxMerchant(merchant.merchantId, "100");
    const payout = await cashier.gatewayOut({
      ...customer,
      amount: "12.00",
      reference: "client-out",
      paymentMethod: "banco-do-brasil",
      branch: "1234",
      account: "12345-5",
      account_type: "C",
    });
    expect(await cashier.status({ transfer_id: payout.transfer_id })).toMatchObject({
      transfer_id: payout.transfer_id,
      status: "pending",
    });

    expect(await cashier.balance()).toMatchObject({ mode: "sandbox", reserved: "12.00" });
    const listed = await cashier.transactions.list({ type: "payout" });
    expect(listed.transactions.map((t) => t.id)).toEqual([payout.transfer_id]);
    const { events } = await cashier.events.list({ transaction_id: deposit.id });
    expect(events.map((e) => [e.event_id, e.status])).toEqual([[paid.event_id, "delivered"]]);
    expect(await cashier.events.resend({ event_id: paid.event_id })).toMatchObject({ event_id: paid.event_id });

    // A dispute (MED) of the paid deposit: it holds what the refund left (10.50 - 5.00), is listed,
    // answered once, and both callbacks verify.
    const disputed = await cashier.sandbox.simulate({ id: deposit.id, outcome: "disputed" });
    if (!("dispute_id" in disputed)) throw new Error(`no dispute_id in ${JSON.stringify(disputed)}`);
    expect(disputed).toMatchObject({ id: deposit.id, status: "paid", dispute_id: expect.stringMatching(/^dsp_/) });
    const open = await cashier.disputes.list({ status: "open" });
    expect(open.disputes).toEqual([
      expect.objectContaining({
        id: disputed.dispute_id,
        deposit_id: deposit.id,
        reference: "client-pix",
        amount: "10.50",
        status: "open",
        held: "5.50",
        decision: null,
      }),
    ]);
    expect(open).toMatchObject({ next_cursor: null, previous_cursor: null });
    expect((await cashier.disputes.list({ deposit_id: deposit.id, status: "won" })).disputes).toEqual([]);
    expect(await cashier.status({ id: deposit.id })).toMatchObject({
      dispute: { id: disputed.dispute_id, status: "open", amount: "10.50" },
    });
    await runCallbackWorker({ isOnce: true });
    const opened = receiver.received.find((r) => r.data.event_id === disputed.event_id);
    expect(await cashier.verifyCallback(opened!.body)).toMatchObject({
      type: "dispute.opened",
      id: disputed.dispute_id,
      deposit_id: deposit.id,
      status: "open",
    });
    const answer = {
      id: disputed.dispute_id,
      decision: "contest",
      justification: "Order client-pix was delivered; the signed receipt is on file.",
    } as const;
    expect(await cashier.disputes.respond(answer)).toMatchObject({
      id: disputed.dispute_id,
      status: "won",
      decision: "contest",
      held: "0.00",
      answered_at: expect.any(String),
      closed_at: expect.any(String),
    });
    await expect(cashier.disputes.respond(answer)).rejects.toMatchObject({ status: 409, type: "state_conflict" });
    await runCallbackWorker({ isOnce: true });
    const closed = receiver.received.find((r) => r.data.type === "dispute.closed" && r.data.id === disputed.dispute_id);
    expect(await cashier.verifyCallback(closed!.body)).toMatchObject({ status: "won", outcome: "won" });

    const url = await cashier.gatewayInUrl({ ...customer, reference: "client-in" });
    expect(url.startsWith(`${server.url}/direct/${merchant.keyId}/`)).toBe(true);
    expect(decodeJwt(url.split("/").pop()!)).toMatchObject({ data: { reference: "client-in" } });

    const refused = await cashier
      .gatewayOut({ ...customer, amount: "1", reference: "client-bad", paymentMethod: "bradesco" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CashierError);
    expect(refused).toMatchObject({
      status: 422,
      type: "validation_failed",
      fields: expect.arrayContaining([expect.objectContaining({ path: "branch" })]),
    });

    const wrongKey = createClient({ baseUrl: server.url, keyId: merchant.keyId, secret: "not-the-secret" });
    await expect(wrongKey.status({ id: deposit.id })).rejects.toMatchObject({ status: 401, type: "signature_invalid" });
  });
});
