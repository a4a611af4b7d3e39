// Issue 39: what a request creates names it. A deposit, a refund and a payout created inside a
// request's context (npm start's server runs each request in one: e2e/request-id.spec.ts) store
// its id, and the callback events about them carry the id of the request that created what they
// report, whichever request or job settles it; what no request created names none.
import { describe, expect, it } from "vitest";

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { getDb } = await import("@/lib/db/client");
const { runInRequest } = await import("@/lib/log/request-context");
const { paySandboxDeposit } = await import("@/lib/deposits/pay-sandbox-deposit");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");

const eventsAbout = (objectId: string) =>
  getDb().callbackEvent.findMany({ where: { objectId }, select: { type: true, requestId: true } });

describe("request ids", () => {
  it("are stored on the deposit, refund and payout a request creates, and on the callbacks about them", async () => {
    const shop = await createTestMerchant({ name: "Loja Rastreada" });
    const created = await runInRequest({ requestId: "rid-pix" }, async () =>
      readSigned(await postSigned(pix, shop, pixDepositRequest()), shop),
    );
    const depositId = created.data.id as string;
    // Paid by another request (the customer's, or a PSP's notification): the event names the create.
    await runInRequest({ requestId: "rid-paid" }, () => paySandboxDeposit(depositId));
    expect(await getDb().transaction.findUnique({ where: { id: depositId }, select: { requestId: true } })).toEqual({
      requestId: "rid-pix",
    });
    expect(await eventsAbout(depositId)).toEqual([{ type: "deposit.paid", requestId: "rid-pix" }]);

    const refunded = await runInRequest({ requestId: "rid-refund" }, async () =>
      readSigned(await postSigned(refund, shop, { id: depositId }), shop),
    );
    const refundId = refunded.data.id as string;
    expect(await getDb().refund.findUnique({ where: { id: refundId }, select: { requestId: true } })).toEqual({
      requestId: "rid-refund",
    });
    expect(await eventsAbout(refundId)).toEqual([{ type: "refund.completed", requestId: "rid-refund" }]);

    await fundSandboxMerchant(shop.merchantId, "20");
    const payout = await runInRequest({ requestId: "rid-payout" }, async () =>
      readSigned(await postSigned(gatewayOut, shop, pixPayoutRequest("1.00")), shop),
    );
    const payoutId = payout.data.transfer_id as string;
    expect(await getDb().transaction.findUnique({ where: { id: payoutId }, select: { requestId: true } })).toEqual({
      requestId: "rid-payout",
    });
  });

  it("are null on what no request created", async () => {
    const shop = await createTestMerchant({ name: "Loja Sem Requisição" });
    const created = await readSigned(await postSigned(pix, shop, pixDepositRequest()), shop);
    const depositId = created.data.id as string;
    await paySandboxDeposit(depositId);
    expect(await getDb().transaction.findUnique({ where: { id: depositId }, select: { requestId: true } })).toEqual({
      requestId: null,
    });
    expect(await eventsAbout(depositId)).toEqual([{ type: "deposit.paid", requestId: null }]);
  });
});
