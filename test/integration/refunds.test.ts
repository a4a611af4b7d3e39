// POST /api/refund through the real route handlers and database (contract section 7): whole and
// partial refunds of sandbox deposits, the signed refusals, idempotency, concurrency, the
// provider's reports, /api/status, and the callbacks at a real receiver.
import { jwtVerify } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: status } = await import("@/app/api/status/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { getDb } = await import("@/lib/db/client");
const { paySandboxDeposit } = await import("@/lib/deposits/pay-sandbox-deposit");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { getMerchantBalance } = await import("@/lib/funds/get-merchant-balance");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { sandboxProvider } = await import("@/lib/providers/sandbox/sandbox-provider");
const sandboxRefunds = sandboxProvider.refunds as NonNullable<typeof sandboxProvider.refunds>;
const { recordProviderRefunds } = await import("@/lib/refunds/record-provider-refund");
const { reconcilePendingRefunds } = await import("@/lib/refunds/reconcile-pending-refunds");
const { AppError } = await import("@/lib/errors/app-error");
const { createTestMerchant, post, postSigned, readProblem, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { claimsAround, signRawToken } = await import("../support/sign-raw-token");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sequence = 0;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(() => receiver.close());

afterEach(() => {
  vi.restoreAllMocks();
});

async function newShop(): Promise<Merchant> {
  return createTestMerchant({ name: `Loja ${++sequence}`, callbackUrl: receiver.url });
}

/** A Pix deposit of the shop, created through the API; paid by the sandbox unless told otherwise. */
async function deposit(shop: Merchant, amount = "10.00", options: { isPaid?: boolean } = {}) {
  const reference = `pedido-${Date.now()}-${++sequence}`;
  const data = {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount,
    currency: "BRL",
    reference,
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
  };
  const created = await readSigned(await postSigned(pix, shop, data), shop);
  const id = created.data.id as string;
  if (options.isPaid ?? true) await paySandboxDeposit(id);
  return { id, reference };
}

async function askRefund(shop: Merchant, data: unknown) {
  const response = await postSigned(refund, shop, data);
  return { response, ...(await readSigned(response, shop)) };
}

/** Delivers what is due and returns the refund callbacks the receiver got for this refund. */
async function refundCallbacks(refundId: string) {
  receiver.received.length = 0;
  await runCallbackWorker({ isOnce: true });
  return receiver.received.filter((r) => r.data.id === refundId);
}

const refundsOf = (depositId: string) =>
  getDb().refund.findMany({ where: { depositId }, orderBy: { createdAt: "asc" } });
const balance = (shop: Merchant) => getMerchantBalance(shop.merchantId);

describe("POST /api/refund", () => {
  it("refunds a paid sandbox deposit whole: 201 pending, then a verified refund.completed, funds debited once", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "10.50");
    await runCallbackWorker({ isOnce: true });
    expect(await balance(shop)).toMatchObject({ available: "10.50", reserved: "0.00" });

    const { response, data } = await askRefund(shop, { id: paid.id, reason: "  pedido cancelado  " });
    expect(response.status).toBe(201);
    expect(data).toEqual({
      id: expect.stringMatching(/^rfd_[a-z0-9]{20}$/),
      deposit_id: paid.id,
      amount: "10.50",
      currency: "BRL",
      status: "pending",
    });
    const refundId = data.id as string;

    const callbacks = await refundCallbacks(refundId);
    expect(callbacks).toHaveLength(1);
    const { payload, protectedHeader } = await jwtVerify(callbacks[0].jwt, new TextEncoder().encode(shop.secret), {
      algorithms: ["HS256"],
    });
    expect(protectedHeader.kid).toBe(shop.keyId);
    expect(payload.data).toEqual({
      event_id: expect.stringMatching(/^evt_/),
      type: "refund.completed",
      id: refundId,
      deposit_id: paid.id,
      reference: paid.reference,
      amount: "10.50",
      currency: "BRL",
      status: "completed",
      occurred_at: expect.any(String),
    });
    expect(await balance(shop)).toMatchObject({ available: "0.00", reserved: "0.00" });
    const [stored] = await refundsOf(paid.id);
    expect(stored).toMatchObject({
      id: refundId,
      status: "completed",
      isSubmitted: true,
      description: "pedido cancelado",
      mode: "sandbox",
      provider: "sandbox",
    });
    const events = await getDb().refundEvent.findMany({ where: { refundId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, "pending", "merchant"],
      ["pending", "completed", "provider"],
    ]);

    // Nothing is left: a request for more is the signed 422 naming amount, and nothing moves.
    const more = await askRefund(shop, { reference: paid.reference, amount: "0.01" });
    expect(more.response.status).toBe(422);
    expect(more.data.error).toMatchObject({
      type: "validation_failed",
      fields: [{ path: "amount", message: expect.stringMatching(/^nothing is left to refund: 10\.50 BRL/) }],
    });
    expect(await refundCallbacks(refundId)).toHaveLength(0);
    expect(await balance(shop)).toMatchObject({ available: "0.00", reserved: "0.00" });
  });

  it("partial refunds up to the paid amount; one more is a signed 422 saying how much is refundable", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "10.00");
    const first = await askRefund(shop, { id: paid.id, amount: "2.50" });
    const second = await askRefund(shop, { reference: paid.reference, amount: 7, reason: "troca" });
    expect([first.response.status, second.response.status]).toEqual([201, 201]);
    expect([first.data.amount, second.data.amount]).toEqual(["2.50", "7.00"]);

    const over = await askRefund(shop, { id: paid.id, amount: "0,51" });
    expect(over.response.status).toBe(422);
    const error = over.data.error as { type: string; detail: string; fields: { path: string; message: string }[] };
    expect(error.type).toBe("validation_failed");
    expect(error.fields).toEqual([
      { path: "amount", message: "must be at most 0.50: 9.50 BRL of the paid 10.00 BRL is refunded or being refunded" },
    ]);
    expect(error.detail).toMatch(/^amount: /);

    // Without an amount: all that is left.
    const rest = await askRefund(shop, { id: paid.id, reason: "o resto" });
    expect(rest.response.status).toBe(201);
    expect(rest.data.amount).toBe("0.50");
    expect((await refundsOf(paid.id)).map((r) => [r.amountCents, r.status])).toEqual([
      [250n, "completed"],
      [700n, "completed"],
      [50n, "completed"],
    ]);
    expect(await balance(shop)).toMatchObject({ available: "0.00", reserved: "0.00" });
  });

  it("the same request again answers the original refund with 200 and creates nothing; another reason is another refund", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "10.00");
    const first = await askRefund(shop, { id: paid.id, amount: "1.00", reason: "brinde" });
    expect(first.response.status).toBe(201);
    // By reference, with the amount written another way: the same request.
    const again = await askRefund(shop, { reference: paid.reference, amount: "1,00", reason: " brinde " });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect(
      await getDb().callbackEvent.count({ where: { merchantId: shop.merchantId, type: "refund.completed" } }),
    ).toBe(1);

    const other = await askRefund(shop, { id: paid.id, amount: "1.00", reason: "brinde 2" });
    expect(other.response.status).toBe(201);
    expect(other.data.id).not.toBe(first.data.id);
    expect(await balance(shop)).toMatchObject({ available: "8.00" });
  });

  it("10 concurrent partial refunds of one deposit never exceed the paid amount", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "10.00");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => askRefund(shop, { id: paid.id, amount: "1.50", reason: `item ${i}` })),
    );
    const codes = answers.map((a) => a.response.status).sort();
    expect(codes).toEqual([...Array(6).fill(201), ...Array(4).fill(422)]);
    const stored = await refundsOf(paid.id);
    expect(stored).toHaveLength(6);
    expect(stored.reduce((sum, r) => sum + r.amountCents, 0n)).toBe(900n);
    expect(await balance(shop)).toMatchObject({ available: "1.00", reserved: "0.00" });
    expect(
      await getDb().callbackEvent.count({ where: { merchantId: shop.merchantId, type: "refund.completed" } }),
    ).toBe(6);
  });

  it("a deposit that is not paid is a 409 naming its status; unknown and other merchants' deposits are 404", async () => {
    const shop = await newShop();
    const pending = await deposit(shop, "5.00", { isPaid: false });
    const notPaid = await askRefund(shop, { id: pending.id });
    expect(notPaid.response.status).toBe(409);
    expect(notPaid.data.error).toMatchObject({
      type: "state_conflict",
      detail: `deposit ${pending.id} is pending; only a paid deposit can be refunded`,
    });

    const stranger = await newShop();
    const theirs = await deposit(stranger, "5.00");
    for (const data of [{ id: theirs.id }, { reference: theirs.reference }, { id: "dep_doesnotexist" }]) {
      const { response, data: answer } = await askRefund(shop, data);
      expect(response.status).toBe(404);
      expect(answer.error).toMatchObject({
        type: "not_found",
        detail: expect.stringMatching(/^no deposit with (id|reference) ".+" for this merchant$/),
      });
    }

    // A payout is not a deposit.
    await fundSandboxMerchant(shop.merchantId, "20");
    const payout = await readSigned(
      await postSigned(gatewayOut, shop, {
        name: "Maria da Silva",
        email: "maria@example.com",
        cpf: "529.982.247-25",
        paymentMethod: "pix",
        pix_key: "52998224725",
        amount: "1.00",
        reference: `saque-${++sequence}`,
        merchant_user: "cliente-42",
        country: "BR",
        buyer_ip: "203.0.113.9",
      }),
      shop,
    );
    expect((await askRefund(shop, { id: payout.data.transfer_id })).response.status).toBe(404);
    expect(await getDb().refund.count({ where: { merchantId: { in: [shop.merchantId, stranger.merchantId] } } })).toBe(
      0,
    );
  });

  it("refuses bad requests with a 4xx naming the field, and writes nothing", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "10.00");
    const before = await getDb().ledgerEntry.count({ where: { merchantId: shop.merchantId } });
    const invalid: [unknown, string, RegExp][] = [
      [{}, "id", /exactly one of id or reference/],
      [{ id: paid.id, reference: paid.reference }, "id", /exactly one of id or reference/],
      [{ id: paid.id, reason: "a\u0007b" }, "reason", /control characters/],
      [{ id: paid.id, reason: "x".repeat(141) }, "reason", /at most 140 characters/],
      [{ id: paid.id, reason: "x".repeat(40_000) }, "reason", /at most 140 characters/],
      [{ id: paid.id, reason: 7 }, "reason", /must be a string/],
      [{ id: paid.id, amount: "0" }, "amount", /./],
      [{ id: paid.id, amount: "-1.00" }, "amount", /./],
      [{ id: paid.id, amount: "1.001" }, "amount", /./],
      [{ id: paid.id, amount: "1.000,00" }, "amount", /./],
      [{ id: paid.id, amount: { value: 1 } }, "amount", /./],
      [{ id: ["dep"] }, "id", /must be a string/],
    ];
    for (const [data, field, message] of invalid) {
      const { response, data: answer } = await askRefund(shop, data);
      expect(response.status, JSON.stringify(data).slice(0, 80)).toBe(422);
      expect((answer.error as { fields: { path: string; message: string }[] }).fields).toContainEqual({
        path: field,
        message: expect.stringMatching(message),
      });
    }

    // Refused before the operation sees them: unsigned problems.
    const nul = await postSigned(refund, shop, { id: paid.id, reason: "a\u0000b" });
    expect(await readProblem(nul)).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^data\.reason must not contain the NUL character/),
    });
    const surrogate = signRawToken({ ...shop, claimsJson: claimsAround(`{"id":"${paid.id}","reason":"x\\ud800"}`) });
    expect(await readProblem(await post(refund, JSON.stringify({ jwt: surrogate })))).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^data\.reason must not contain a lone UTF-16 surrogate/),
    });
    const deep = signRawToken({
      ...shop,
      claimsJson: claimsAround(`{"id":"${paid.id}","reason":${"[".repeat(5000)}${"]".repeat(5000)}}`),
    });
    expect(await readProblem(await post(refund, JSON.stringify({ jwt: deep })))).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/must not nest deeper than 32 levels/),
    });
    const huge = await postSigned(refund, shop, { id: paid.id, reason: "x".repeat(70_000) });
    expect(huge.status).toBe(413);

    expect(await refundsOf(paid.id)).toHaveLength(0);
    expect(await getDb().ledgerEntry.count({ where: { merchantId: shop.merchantId } })).toBe(before);
  });
});

describe("provider outcomes", () => {
  it("a failed report: refund.failed with the reason, the held money back, and a duplicate or contrary report changes nothing", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "10.00");
    // A PSP that takes the refund and settles it later.
    vi.spyOn(sandboxRefunds, "requestRefund").mockImplementation(async ({ refundId, amountCents }) => ({
      refundId,
      status: "pending",
      amountCents,
      providerRefundId: "D99999999202611222045abcdefghijk",
      failureReason: null,
      nature: "original",
    }));
    const { response, data } = await askRefund(shop, { id: paid.id, amount: "4.00" });
    expect(response.status).toBe(201);
    const refundId = data.id as string;
    expect((await refundsOf(paid.id))[0]).toMatchObject({
      status: "pending",
      isSubmitted: true,
      providerRefundId: "D99999999202611222045abcdefghijk",
    });
    expect(await balance(shop)).toMatchObject({ available: "6.00", reserved: "4.00" });
    expect(await refundCallbacks(refundId)).toHaveLength(0);

    const report = {
      refundId,
      status: "failed" as const,
      amountCents: 400n,
      providerRefundId: null,
      failureReason: "conta do pagador encerrada",
      nature: "original" as const,
    };
    // Reported of the Pix that paid the deposit, as the PSP's webhook and reconciliation name it.
    const { pixEndToEndId } = await getDb().transaction.findUniqueOrThrow({ where: { id: paid.id } });
    const endToEndId = pixEndToEndId as string;
    expect(await recordProviderRefunds(endToEndId, [report])).toEqual(["failed"]);
    const callbacks = await refundCallbacks(refundId);
    expect(callbacks).toHaveLength(1);
    const { payload } = await jwtVerify(callbacks[0].jwt, new TextEncoder().encode(shop.secret), {
      algorithms: ["HS256"],
    });
    expect(payload.data).toMatchObject({
      type: "refund.failed",
      id: refundId,
      deposit_id: paid.id,
      reference: paid.reference,
      amount: "4.00",
      status: "failed",
      reason_code: "not_carried_out",
      reason: "conta do pagador encerrada",
    });
    expect(await balance(shop)).toMatchObject({ available: "10.00", reserved: "0.00" });

    expect(await recordProviderRefunds(endToEndId, [report])).toEqual(["unchanged"]);
    expect(
      await recordProviderRefunds(endToEndId, [
        { ...report, status: "completed", failureReason: null, nature: "original" },
      ]),
    ).toEqual(["unchanged"]);
    expect(await recordProviderRefunds(endToEndId, [{ ...report, refundId: "rfdsomethingtheportalmade" }])).toEqual([
      "unchanged",
    ]);
    expect(await refundCallbacks(refundId)).toHaveLength(0);
    expect(await balance(shop)).toMatchObject({ available: "10.00", reserved: "0.00" });
    expect((await refundsOf(paid.id))[0]).toMatchObject({
      status: "failed",
      reasonCode: "not_carried_out",
      reason: "conta do pagador encerrada",
    });

    // A failed refund gives its amount back: the whole deposit is refundable again.
    vi.restoreAllMocks();
    expect((await askRefund(shop, { id: paid.id, reason: "de novo" })).data.amount).toBe("10.00");
  });

  it("a provider that cannot be reached leaves the refund pending and unsubmitted; reconciliation asks again under the same id", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "3.00");
    const unreachable = vi
      .spyOn(sandboxRefunds, "requestRefund")
      .mockRejectedValueOnce(new AppError("provider_unavailable", "the PSP did not answer within 10 s"));
    const { response, data } = await askRefund(shop, { id: paid.id });
    expect(response.status).toBe(201);
    expect(data.status).toBe("pending");
    expect((await refundsOf(paid.id))[0]).toMatchObject({ status: "pending", isSubmitted: false });

    // Too young: the request that made it may still be under way.
    expect(await reconcilePendingRefunds(new Date())).toBe(0);
    expect(await reconcilePendingRefunds(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(unreachable.mock.calls.map(([call]) => call.refundId)).toEqual([data.id, data.id]);
    expect((await refundsOf(paid.id))[0]).toMatchObject({ status: "completed", isSubmitted: true });
    expect(await refundCallbacks(data.id as string)).toHaveLength(1);
    expect(await balance(shop)).toMatchObject({ available: "0.00", reserved: "0.00" });
  });

  it("a replay of a refund the provider never received asks for it again under the same id: 200, one refund", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "2.00");
    const requested = vi
      .spyOn(sandboxRefunds, "requestRefund")
      .mockRejectedValueOnce(new AppError("provider_unavailable", "the PSP refused the connection"));
    const first = await askRefund(shop, { id: paid.id, reason: "erro" });
    expect((await refundsOf(paid.id))[0]).toMatchObject({ status: "pending", isSubmitted: false });
    const again = await askRefund(shop, { id: paid.id, reason: "erro" });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(requested.mock.calls.map(([call]) => call.refundId)).toEqual([first.data.id, first.data.id]);
    expect(await refundsOf(paid.id)).toMatchObject([{ status: "completed", isSubmitted: true }]);
    // Settled: a further replay asks nothing.
    await askRefund(shop, { id: paid.id, reason: "erro" });
    expect(requested).toHaveBeenCalledTimes(2);
  });

  it("a provider's refusal with no refund held under the id fails the refund (provider_refused)", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "3.00");
    vi.spyOn(sandboxRefunds, "requestRefund").mockRejectedValueOnce(
      new AppError("provider_error", "the PSP refused the devolucao: 400 prazo de devolução expirado"),
    );
    const { data } = await askRefund(shop, { id: paid.id });
    expect((await refundsOf(paid.id))[0]).toMatchObject({
      status: "failed",
      reasonCode: "provider_refused",
      reason: "the PSP refused the devolucao: 400 prazo de devolução expirado",
    });
    const callbacks = await refundCallbacks(data.id as string);
    expect(callbacks.map((c) => [c.data.type, c.data.reason_code])).toEqual([["refund.failed", "provider_refused"]]);
    expect(await balance(shop)).toMatchObject({ available: "3.00", reserved: "0.00" });
  });
});

describe("POST /api/status for a refund", () => {
  it("answers the merchant's own refund by id, never another merchant's", async () => {
    const shop = await newShop();
    const paid = await deposit(shop, "8.00");
    const { data: created } = await askRefund(shop, { id: paid.id, amount: "3.00" });
    const response = await postSigned(status, shop, { id: created.id });
    expect(response.status).toBe(200);
    const { data } = await readSigned(response, shop);
    expect(data).toEqual({
      id: created.id,
      operation: "refund",
      deposit_id: paid.id,
      reference: paid.reference,
      status: "completed",
      amount: "3.00",
      currency: "BRL",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const stranger = await newShop();
    const other = await postSigned(status, stranger, { id: created.id });
    expect(other.status).toBe(404);
    expect((await readSigned(other, stranger)).data.error).toMatchObject({
      type: "not_found",
      detail: `no refund with id "${created.id}" for this merchant`,
    });
  });
});
