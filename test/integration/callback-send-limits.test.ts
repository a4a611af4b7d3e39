// Test callbacks and resends are POSTs their asker times: each merchant has a budget of them a
// minute (RATE_LIMIT_CALLBACK_SENDS), console and API together. Past it, the API answers a signed
// 429 with Retry-After, the console's "Reenviar" says so, and the merchant's endpoint gets nothing
// more; another merchant's budget is its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.RATE_LIMIT_CALLBACK_SENDS = "3";

const { POST: testCallback } = await import("@/app/api/callbacks/test/route");
const { POST: resend } = await import("@/app/api/events/resend/route");
const { resendTransactionCallback } = await import("@/lib/console-transactions/resend-transaction-callback");
const { newId } = await import("@/lib/ids/new-id");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { completePayoutWithCallback } = await import("../support/outbox");
type Actor = import("@/lib/access/actor").Actor;

let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(() => receiver.close());

const BUDGET = 3;

describe("POST /api/callbacks/test", () => {
  it("answers the call past the budget with a signed 429 and Retry-After, and the endpoint got only the budget's posts", async () => {
    const merchant = await createTestMerchant({ name: "Loja Apressada", callbackUrl: receiver.url });
    const before = receiver.received.length;
    const answers = await Promise.all(
      Array.from({ length: BUDGET + 5 }, async () => {
        const response = await postSigned(testCallback, merchant, {});
        return { response, ...(await readSigned(response, merchant)) };
      }),
    );
    const delivered = answers.filter((answer) => answer.response.status === 200);
    const refused = answers.filter((answer) => answer.response.status === 429);
    expect(delivered).toHaveLength(BUDGET);
    expect(refused).toHaveLength(5);
    for (const { response, data } of refused) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(data.error).toMatchObject({
        type: "rate_limited",
        detail: expect.stringMatching(/^more than 3 test callbacks and resends a minute for this merchant/),
      });
    }
    expect(receiver.received.length - before).toBeLessThanOrEqual(BUDGET);

    const other = await createTestMerchant({ name: "Outra Loja", callbackUrl: receiver.url });
    expect((await postSigned(testCallback, other, {})).status).toBe(200);
  });
});

describe("resends", () => {
  it("share the budget across the API and the console's Reenviar", async () => {
    const merchant = await createTestMerchant({ name: "Loja Reenvio", callbackUrl: receiver.url });
    const { eventId } = await completePayoutWithCallback(merchant.merchantId);
    const admin: Actor = {
      userId: newId("usr"),
      email: "admin@reenvio.example",
      role: "merchant-admin",
      merchantId: merchant.merchantId,
      sessionId: newId("ses"),
      ip: "203.0.113.8",
    };
    expect((await postSigned(resend, merchant, { event_id: eventId })).status).toBe(200);
    await resendTransactionCallback(admin, eventId);
    expect((await postSigned(testCallback, merchant, {})).status).toBe(200);

    const refused = await postSigned(resend, merchant, { event_id: eventId });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await readSigned(refused, merchant)).data.error).toMatchObject({ type: "rate_limited" });
    await expect(resendTransactionCallback(admin, eventId)).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: expect.any(Number),
    });
  });
});
