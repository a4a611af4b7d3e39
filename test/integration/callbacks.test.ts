// Contract section 5 against a real HTTP receiver on localhost: signed, retried, logged delivery
// from an outbox written in the state change's own transaction.
import { jwtVerify } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// Retries at once, so a test sees the whole schedule; set before the configuration is first read.
process.env.CALLBACK_RETRY_SCHEDULE = "0,0,0";

const { getConfig } = await import("@/lib/config/config");
const { getDb } = await import("@/lib/db/client");
const { log } = await import("@/lib/log/logger");
const { findCallbackEvent, listCallbackAttempts } = await import("@/lib/db/callback-events");
const { enqueueCallback } = await import("@/lib/callbacks/enqueue-callback");
const { deliverDueCallbacks } = await import("@/lib/callbacks/deliver-due-callbacks");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { resendCallback } = await import("@/lib/callbacks/resend-callback");
const { createTestMerchant } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { completePayoutWithCallback } = await import("../support/outbox");

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
let merchant: Awaited<ReturnType<typeof createTestMerchant>>;

beforeAll(async () => {
  receiver = await startReceiver();
  merchant = await createTestMerchant({ callbackUrl: receiver.url });
});

const drain = () => runCallbackWorker({ isOnce: true });

// Each test starts with an empty outbox and a receiver that answers 204.
afterEach(async () => {
  receiver.replies.length = 0;
  receiver.fallback = { status: 204 };
  await drain();
  receiver.received.length = 0;
  receiver.maxConcurrentPerEvent = 0;
});

afterAll(() => receiver.close());

describe("delivery", () => {
  it("retries a receiver that fails twice; the third attempt's 204 delivers it, with three attempts on record", async () => {
    receiver.replies.push({ status: 500, body: "down" }, { status: 503, body: "still down" });
    const { eventId, transferId } = await completePayoutWithCallback(merchant.merchantId);
    expect(await drain()).toBe(3);

    expect(receiver.received).toHaveLength(3);
    const event = await findCallbackEvent(getDb(), eventId);
    expect(event).toMatchObject({ status: "delivered", attempts: 3 });
    const attempts = await listCallbackAttempts(getDb(), eventId);
    expect(attempts.map((a) => [a.number, a.httpStatus, a.isSuccess])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 204, true],
    ]);
    expect(attempts[0].responseExcerpt).toBe("down");
    for (const attempt of attempts) {
      expect(attempt.url).toBe(receiver.url);
      expect(attempt.keyId).toBe(merchant.keyId);
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
    }

    const attemptIds = await getDb().callbackAttempt.findMany({
      where: { eventId },
      orderBy: { number: "asc" },
      select: { id: true },
    });
    for (const [index, request] of receiver.received.entries()) {
      const { payload, protectedHeader } = await jwtVerify(request.jwt, new TextEncoder().encode(merchant.secret), {
        algorithms: ["HS256"],
      });
      expect(protectedHeader).toMatchObject({ alg: "HS256", kid: merchant.keyId, typ: "cashier-callback+jwt" });
      expect((payload.exp as number) - (payload.iat as number)).toBe(24 * 60 * 60);
      // Each delivery its own jti, the attempt's id: a new token, the same event.
      expect(payload.jti).toBe(attemptIds[index].id);
      expect(Math.abs((payload.iat as number) - Date.now() / 1000)).toBeLessThan(10);
      expect(payload.data).toMatchObject({
        event_id: eventId,
        type: "gateway_out.completed",
        transfer_id: transferId,
        transfers_id: transferId,
        status: "completed",
        amount: "10.50",
        currency: "BRL",
      });
      expect(Date.parse((payload.data as { occurred_at: string }).occurred_at)).not.toBeNaN();
    }
  });

  it("signs a token a merchant's queue can still verify hours later, and not once its day is over", async () => {
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    await drain();
    const [received] = receiver.received;
    expect(received.data.event_id).toBe(eventId);
    const key = new TextEncoder().encode(merchant.secret);
    const verifyAt = (msAfter: number) =>
      jwtVerify(received.jwt, key, {
        algorithms: ["HS256"],
        typ: "cashier-callback+jwt",
        currentDate: new Date(received.receivedAt + msAfter),
      });
    // The spec's samples' 60 s would have ended here.
    for (const later of [61_000, 60 * 60_000, 23 * 60 * 60_000]) {
      const { payload } = await verifyAt(later);
      expect(payload.data).toMatchObject({ event_id: eventId, type: "gateway_out.completed" });
    }
    await expect(verifyAt(24 * 60 * 60_000 + 5_000)).rejects.toMatchObject({ code: "ERR_JWT_EXPIRED" });
  });

  it("marks an event failed when the schedule runs out, and resend queues the same event again", async () => {
    receiver.fallback = { status: 500 };
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    expect(await drain()).toBe(4);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "failed", attempts: 4 });

    receiver.fallback = { status: 200 };
    expect(await resendCallback(eventId)).toMatchObject({ event_id: eventId, status: "pending" });
    expect(await drain()).toBe(1);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered", attempts: 5 });
    expect((await listCallbackAttempts(getDb(), eventId)).map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(receiver.received.map((r) => r.data.event_id))).toEqual(new Set([eventId]));
  });

  it("resends a delivered event with the same event_id", async () => {
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    await drain();
    await resendCallback(eventId);
    await drain();
    expect(receiver.received.map((r) => r.data.event_id)).toEqual([eventId, eventId]);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("does not follow a redirect, and keeps only the first 500 bytes of a reply", async () => {
    receiver.replies.push(
      { status: 302, headers: { location: "/elsewhere" } },
      { status: 500, body: "x".repeat(2000) },
    );
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    await deliverDueCallbacks({ owner: "test" });
    await deliverDueCallbacks({ owner: "test" });
    expect(receiver.received.map((r) => r.path)).toEqual(["/callbacks", "/callbacks"]);
    const attempts = await listCallbackAttempts(getDb(), eventId);
    expect(attempts.map((a) => a.httpStatus)).toEqual([302, 500]);
    expect(attempts[1].responseExcerpt).toHaveLength(500);
  });

  it("counts a receiver that does not answer within 10 s as a failed attempt", async () => {
    receiver.replies.push("hang");
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    const started = Date.now();
    expect(await deliverDueCallbacks({ owner: "test" })).toEqual({ due: 1, claimed: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const [attempt] = await listCallbackAttempts(getDb(), eventId);
    expect(attempt).toMatchObject({
      number: 1,
      httpStatus: null,
      errorCode: "timeout",
      error: "no answer: the callback URL's server could not be reached or did not answer in time",
      isSuccess: false,
    });
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(10_000);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({
      status: "pending",
      attempts: 1,
      scheduleStep: 1,
    });
  });

  it("goes on past a batch that never finishes, and the next worker sends its event once the lease ends", async () => {
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    const error = vi.spyOn(log, "error");
    // A send that never settles: what a worker stuck on a lost promise would wait for for ever.
    const stuck = { post: () => new Promise<never>(() => undefined) };
    try {
      expect(await runCallbackWorker({ isOnce: true, transport: stuck, batchDeadlineMs: 300 })).toBe(0);
      expect(error).toHaveBeenCalledWith(
        "callback batch stuck; its events go to the next worker when their leases end",
        expect.objectContaining({ error: "a batch of callbacks did not finish within 300 ms" }),
      );
    } finally {
      error.mockRestore();
    }
    // Still leased: no other worker sends it while the stuck one might.
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "pending", attempts: 1 });
    expect(await drain()).toBe(0);
    expect(receiver.received).toHaveLength(0);

    await getDb().callbackEvent.update({ where: { id: eventId }, data: { leaseExpiresAt: new Date(Date.now() - 1) } });
    expect(await drain()).toBe(1);
    expect(receiver.received.map((request) => request.data.event_id)).toEqual([eventId]);
    expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("says a refused connection in the same words as a timeout", async () => {
    const closed = await startReceiver();
    await closed.close();
    const unreachable = await createTestMerchant({ name: "Porta fechada", callbackUrl: closed.url });
    const { eventId } = await completePayoutWithCallback(unreachable.merchantId);
    await deliverDueCallbacks({ owner: "test" });
    const [attempt] = await listCallbackAttempts(getDb(), eventId);
    expect(attempt).toMatchObject({
      httpStatus: null,
      errorCode: "connection_failed",
      error: "no answer: the callback URL's server could not be reached or did not answer in time",
    });
  });

  it("records a refused attempt when the merchant has no callback URL, saying how to set one", async () => {
    const silent = await createTestMerchant({ name: "Sem callback" });
    const { eventId } = await completePayoutWithCallback(silent.merchantId);
    await deliverDueCallbacks({ owner: "test" });
    const [attempt] = await listCallbackAttempts(getDb(), eventId);
    expect(attempt).toMatchObject({
      httpStatus: null,
      errorCode: "no_callback_url",
      error:
        `the merchant has no callback URL: a merchant admin sets it in the console at ` +
        `${getConfig().publicBaseUrl}/console/settings; on a gateway you run, ` +
        `\`npm run -s cashier -- merchant update ${silent.merchantId} --callback-url URL\``,
      isSuccess: false,
    });
    expect(receiver.received).toHaveLength(0);
  });
});

describe("the outbox", () => {
  it("writes nothing when the state change's transaction fails", async () => {
    const before = await getDb().callbackEvent.count();
    await expect(
      getDb().$transaction(async (tx) => {
        await enqueueCallback(tx, {
          merchantId: merchant.merchantId,
          objectId: "dep_x",
          requestId: null,
          mode: "sandbox",
          type: "deposit.paid",
          data: { id: "dep_x" },
        });
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    expect(await getDb().callbackEvent.count()).toBe(before);
  });

  it("never hands one event to two workers at once", async () => {
    receiver.fallback = { status: 204, delayMs: 5 };
    // Made one after another: forty transactions at once wait on a pool of ten, longer than
    // Prisma's two seconds on a loaded machine, and the race under test is the drain's.
    const events = [];
    for (let i = 0; i < 40; i++) events.push(await completePayoutWithCallback(merchant.merchantId));
    const attempts = await Promise.all([drain(), drain(), drain()]);
    expect(attempts.reduce((a, b) => a + b, 0)).toBe(40);
    expect(receiver.received).toHaveLength(40);
    expect(new Set(receiver.received.map((r) => r.data.event_id)).size).toBe(40);
    expect(receiver.maxConcurrentPerEvent).toBe(1);
    for (const { eventId } of events)
      expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered", attempts: 1 });
  });
});
