// Contract section 8: a merchant's developer with only a sandbox key drives every outcome through
// signed requests (no operator, no CLI) and sees each callback arrive; a live key gets 403.
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: status } = await import("@/app/api/status/route");
const { POST: simulate } = await import("@/app/api/sandbox/simulate/route");
const { POST: testCallback } = await import("@/app/api/callbacks/test/route");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { getDb } = await import("@/lib/db/client");
const { listTransactionEvents } = await import("@/lib/db/transactions");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let merchant: Merchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sequence = 0;

const customer = {
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  currency: "BRL",
  country: "BR",
  buyer_ip: "203.0.113.9",
  merchant_user: "cliente-42",
};
const deposit = (amount: string) => ({ ...customer, amount, reference: `sandbox-${Date.now()}-${++sequence}` });
const payout = (amount: string) => ({ ...deposit(amount), paymentMethod: "pix", pix_key: "52998224725" });

async function call(
  route: (request: Request) => Promise<Response>,
  data: Record<string, unknown>,
  who: Merchant = merchant,
) {
  const response = await postSigned(route, who, data);
  return { response, ...(await readSigned(response, who)) };
}

/** The callback the merchant's endpoint received for this event, verified with the merchant's secret. */
async function callbackFor(eventId: unknown) {
  await runCallbackWorker({ isOnce: true });
  const received = receiver.received.find((r) => r.data.event_id === eventId);
  expect(received, `callback ${String(eventId)} received`).toBeDefined();
  const { payload } = await jwtVerify(received!.jwt, new TextEncoder().encode(merchant.secret));
  return payload.data as Record<string, unknown>;
}

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
});

afterAll(() => receiver.close());

describe("POST /api/sandbox/simulate", () => {
  it("pays, fails and expires deposits, each with its callback and status, and says why it did not pay", async () => {
    for (const outcome of ["paid", "failed", "expired"] as const) {
      const { data: created } = await call(pix, deposit("150.00"));
      const { response, data } = await call(simulate, { id: created.id, outcome });
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ id: created.id, mode: "sandbox", status: outcome });
      const why = { reason_code: "sandbox_simulated", reason: "ended by POST /api/sandbox/simulate" };
      const callback = await callbackFor(data.event_id);
      expect(callback).toMatchObject({ type: `deposit.${outcome}`, id: created.id, status: outcome, amount: "150.00" });
      const { data: now } = await call(status, { id: created.id });
      expect(now.status).toBe(outcome);
      // A simulated payment is the sandbox bank's Pix arriving, recorded as a live one is; an end
      // the merchant chose is the merchant's.
      const moves = await listTransactionEvents(getDb(), created.id as string);
      expect(moves.find((move) => move.toStatus === outcome)?.actor).toBe(outcome === "paid" ? "provider" : "merchant");
      if (outcome === "paid") {
        expect(callback).not.toHaveProperty("reason_code");
        expect(now).not.toHaveProperty("reason_code");
      } else {
        expect(callback).toMatchObject(why);
        expect(now).toMatchObject(why);
      }
    }
  });

  it("completes and cancels payouts from the funds a simulated deposit brought, each with its callback", async () => {
    const { data: funding } = await call(pix, deposit("500.00"));
    await call(simulate, { id: funding.id, outcome: "paid" });
    for (const outcome of ["completed", "canceled"] as const) {
      const { response: created, data: request } = await call(gatewayOut, payout("20.00"));
      expect(created.status).toBe(201);
      const { response, data } = await call(simulate, { id: request.transfer_id, outcome });
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ transfer_id: request.transfer_id, status: outcome });
      const callback = await callbackFor(data.event_id);
      expect(callback).toMatchObject({
        type: `gateway_out.${outcome}`,
        transfer_id: request.transfer_id,
        status: outcome,
      });
      if (outcome === "canceled")
        expect(callback).toMatchObject({
          reason_code: "sandbox_simulated",
          reason: "canceled by POST /api/sandbox/simulate",
        });
      // The console's timeline says the merchant moved it, not an operator who never did.
      const moves = await listTransactionEvents(getDb(), request.transfer_id as string);
      const movers = Object.fromEntries(moves.map((move) => [move.toStatus, move.actor]));
      expect(movers).toMatchObject({ processing: "merchant", [outcome]: "merchant" });
      // Ended once: the refusal names the states the API shows, never the gateway's own processing.
      const again = await call(simulate, { id: request.transfer_id, outcome: "canceled" });
      expect(again.response.status).toBe(409);
      expect(again.data.error).toMatchObject({
        type: "state_conflict",
        detail: `payout ${String(request.transfer_id)} is ${outcome} and cannot become canceled; a ${outcome} payout is final and never changes`,
      });
    }
  });

  it("lets the amount decide when no outcome is given: x,01 fails, x,02 expires, others are paid; a payout of y,01 is canceled", async () => {
    for (const [amount, expected] of [
      ["30.01", "failed"],
      ["30.02", "expired"],
      ["30.00", "paid"],
    ] as const) {
      const { data: created } = await call(pix, deposit(amount));
      expect((await call(simulate, { id: created.id })).data.status).toBe(expected);
    }
    for (const [amount, expected] of [
      ["5.01", "canceled"],
      ["5.00", "completed"],
    ] as const) {
      const { data: created } = await call(gatewayOut, payout(amount));
      expect((await call(simulate, { id: created.transfer_id })).data.status).toBe(expected);
    }
  });

  it("refuses an outcome of the other kind, a final transaction, and another merchant's id", async () => {
    const { data: created } = await call(pix, deposit("12.00"));
    const wrong = await call(simulate, { id: created.id, outcome: "completed" });
    expect(wrong.response.status).toBe(422);
    expect(wrong.data.error).toMatchObject({
      type: "validation_failed",
      fields: [{ path: "outcome", message: "must be one of paid, failed, expired for a deposit" }],
    });
    await call(simulate, { id: created.id, outcome: "failed" });
    const again = await call(simulate, { id: created.id, outcome: "paid" });
    expect(again.response.status).toBe(409);
    const other = await createTestMerchant();
    const foreign = await call(simulate, { id: created.id, outcome: "paid" }, other);
    expect(foreign.response.status).toBe(404);
    const bad = await call(simulate, { id: created.id, outcome: "refunded" });
    expect(bad.data.error).toMatchObject({
      type: "validation_failed",
      fields: [
        {
          path: "outcome",
          message: expect.stringMatching(/must be one of paid, failed, expired, completed, canceled/),
        },
      ],
    });
  });
});

describe("POST /api/callbacks/test", () => {
  it("sends a signed test callback to the merchant's URL and answers with the attempt", async () => {
    receiver.replies.push({ status: 200, body: "ok, got it" });
    const { response, data } = await call(testCallback, {});
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      url: receiver.url,
      http_status: 200,
      body_excerpt: "ok, got it",
      error: null,
      delivered: true,
    });
    expect(Date.parse(data.sent_at as string)).toBeGreaterThan(Date.now() - 10_000);
    expect(data.latency_ms).toEqual(expect.any(Number));
    const received = receiver.received.find((r) => r.data.event_id === data.event_id);
    const { payload, protectedHeader } = await jwtVerify(received!.jwt, new TextEncoder().encode(merchant.secret));
    expect(protectedHeader.kid).toBe(merchant.keyId);
    expect(payload.data).toMatchObject({ type: "test", event_id: data.event_id });
  });

  it("answers with the failure when the endpoint refuses", async () => {
    receiver.replies.push({ status: 500, body: "boom" });
    const { data } = await call(testCallback, {});
    expect(data).toMatchObject({ http_status: 500, body_excerpt: "boom", delivered: false });
  });
});

describe("a live key", () => {
  it("gets 403 sandbox_only on both sandbox endpoints, and nothing moves", async () => {
    const live = await createTestMerchant({ name: "Real", mode: "live", callbackUrl: receiver.url });
    const before = receiver.received.length;
    for (const [route, data] of [
      [simulate, { id: "dep_x", outcome: "paid" }],
      [testCallback, {}],
    ] as const) {
      const { response, data: answer } = await call(route, data, live);
      expect(response.status).toBe(403);
      expect(answer.error).toMatchObject({
        type: "sandbox_only",
        detail: expect.stringMatching(/sandbox keys \(mk_test_…\) only/),
      });
    }
    expect(receiver.received.length).toBe(before);
  });
});
