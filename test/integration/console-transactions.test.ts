// The console's transactions area through its domain operations, on real rows made through the
// API: the list with its filters, search and keyset pages, the detail with its timeline, refunds
// and callback attempts, and the scoping that answers another merchant's ids as not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.CALLBACK_RETRY_SCHEDULE = "0";

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { getDb } = await import("@/lib/db/client");
const { beginCallbackAttempt, claimCallbackEvents } = await import("@/lib/db/callback-events");
const { paySandboxDeposit } = await import("@/lib/deposits/pay-sandbox-deposit");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { markPayout } = await import("@/lib/payouts/mark-payout");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { listTransactions } = await import("@/lib/transactions/list-transactions");
const { getTransactionDetail } = await import("@/lib/transactions/get-transaction-detail");
const { transactionQuerySchema } = await import("@/lib/transactions/console-schemas");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");

type Actor = Parameters<typeof listTransactions>[0];
type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let shopA: Merchant;
let shopB: Merchant;
/** What each shop did through the API: a paid deposit with a refund, a pending one, a completed payout. */
type Made = { paid: { id: string; reference: string }; pending: { id: string; reference: string }; payout: { id: string; reference: string }; refundId: string };
let a: Made;
let b: Made;

const actor = (role: Actor["role"], merchantId: string | null): Actor => ({
  userId: `usr_${role}`,
  email: `${role}@example.com`,
  role,
  merchantId,
  sessionId: `ses_${role}`,
  ip: "203.0.113.50",
});
let operator: Actor;
let adminA: Actor;
let viewerA: Actor;

const list = (who: Actor, query: Record<string, string> = {}) => listTransactions(who, transactionQuerySchema.parse(query));
const idsOf = (page: { rows: { id: string }[] }) => page.rows.map((row) => row.id);

async function makeTransactions(shop: Merchant, sharedReference: string, email: string): Promise<Made> {
  const created = await readSigned(await postSigned(pix, shop, pixDepositRequest({ reference: sharedReference, email })), shop);
  const paidId = created.data.id as string;
  await paySandboxDeposit(paidId);
  const pendingRequest = pixDepositRequest();
  const pending = await readSigned(await postSigned(pix, shop, pendingRequest), shop);
  await fundSandboxMerchant(shop.merchantId, "100.00");
  const payoutRequest = pixPayoutRequest("5.00");
  const payout = await readSigned(await postSigned(gatewayOut, shop, payoutRequest), shop);
  const transferId = payout.data.transfer_id as string;
  await markPayout({ transferId, outcome: "completed" });
  const refunded = await readSigned(await postSigned(refund, shop, { id: paidId, amount: "1.00", reason: "cliente desistiu" }), shop);
  return {
    paid: { id: paidId, reference: sharedReference },
    pending: { id: pending.data.id as string, reference: pendingRequest.reference },
    payout: { id: transferId, reference: payoutRequest.reference },
    refundId: refunded.data.id as string,
  };
}

beforeAll(async () => {
  receiver = await startReceiver();
  shopA = await createTestMerchant({ name: "Loja A", callbackUrl: receiver.url });
  shopB = await createTestMerchant({ name: "Loja B", callbackUrl: receiver.url });
  // The same reference at both shops: references are unique per merchant only.
  const shared = `pedido-compartilhado-${Date.now()}`;
  a = await makeTransactions(shopA, shared, "Maria.Souza@Example.COM");
  b = await makeTransactions(shopB, shared, "joao@example.com");
  await runCallbackWorker({ isOnce: true });
  operator = actor("operator", null);
  adminA = actor("merchant-admin", shopA.merchantId);
  viewerA = actor("merchant-viewer", shopA.merchantId);
});

afterAll(() => receiver.close());

describe("the list", () => {
  it("shows an operator every merchant's deposits, payouts and refunds, newest first, e-mail and CPF masked", async () => {
    const page = await list(operator);
    const ids = idsOf(page);
    for (const made of [a, b]) expect(ids).toEqual(expect.arrayContaining([made.paid.id, made.pending.id, made.payout.id, made.refundId]));
    const times = page.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const paid = page.rows.find((row) => row.id === a.paid.id);
    expect(paid).toMatchObject({ kind: "deposit", operation: "pix", status: "paid", merchantName: "Loja A", customerEmail: "M***@Example.COM", customerCpf: "***.982.247-**" });
    expect(page.rows.find((row) => row.id === a.refundId)).toMatchObject({ kind: "refund", reference: a.paid.reference, depositId: a.paid.id, status: "completed" });
    expect(page.rows.find((row) => row.id === a.payout.id)).toMatchObject({ kind: "payout", operation: "gateway_out", status: "completed" });
  });

  it("shows a merchant's users only their merchant's rows, whatever they filter", async () => {
    for (const who of [adminA, viewerA]) {
      const ids = idsOf(await list(who));
      expect(ids).toEqual(expect.arrayContaining([a.paid.id, a.pending.id, a.payout.id, a.refundId]));
      expect(ids).not.toEqual(expect.arrayContaining([b.paid.id]));
      for (const id of [b.paid.id, b.pending.id, b.payout.id, b.refundId]) expect(ids).not.toContain(id);
      expect(idsOf(await list(who, { q: a.paid.reference }))).toEqual([a.refundId, a.paid.id]);
    }
  });

  it("answers a merchant user naming another merchant as not found", async () => {
    await expect(list(adminA, { merchant: shopB.merchantId })).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(list(viewerA, { merchant: shopB.merchantId })).rejects.toMatchObject({ code: "not_found" });
    expect(idsOf(await list(adminA, { merchant: shopA.merchantId }))).toContain(a.paid.id);
  });

  it("filters by type, status, merchant and Brasília days", async () => {
    const payouts = await list(operator, { type: "payout" });
    expect(payouts.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(payouts.rows.map((row) => row.kind))).toEqual(new Set(["payout"]));
    const refunds = await list(operator, { type: "refund" });
    expect(idsOf(refunds)).toEqual(expect.arrayContaining([a.refundId, b.refundId]));
    expect(new Set(refunds.rows.map((row) => row.kind))).toEqual(new Set(["refund"]));
    expect(idsOf(await list(operator, { status: "pending", merchant: shopB.merchantId }))).toEqual([b.pending.id]);
    const deposits = await list(operator, { type: "deposit", merchant: shopA.merchantId });
    expect(new Set(idsOf(deposits))).toEqual(new Set([a.paid.id, a.pending.id]));

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    expect(idsOf(await list(adminA, { from: today, to: today }))).toContain(a.paid.id);
    expect(await list(adminA, { from: "2020-01-01", to: "2020-01-31" })).toMatchObject({ rows: [], nextCursor: null, previousCursor: null });
  });

  it("finds by id, transfer id, refund id, reference, e-mail in any case and CPF with or without punctuation", async () => {
    expect(idsOf(await list(operator, { q: a.pending.id }))).toEqual([a.pending.id]);
    expect(idsOf(await list(operator, { q: a.payout.id }))).toEqual([a.payout.id]);
    expect(idsOf(await list(operator, { q: a.refundId }))).toEqual([a.refundId]);
    // A deposit's id finds its refunds too.
    expect(new Set(idsOf(await list(operator, { q: a.paid.id })))).toEqual(new Set([a.paid.id, a.refundId]));
    // The shared reference: both shops' for an operator.
    expect(new Set(idsOf(await list(operator, { q: a.paid.reference })))).toEqual(new Set([a.paid.id, a.refundId, b.paid.id, b.refundId]));
    expect(new Set(idsOf(await list(operator, { q: "maria.souza@example.com" })))).toEqual(new Set([a.paid.id, a.refundId]));
    expect(new Set(idsOf(await list(operator, { q: "MARIA.SOUZA@EXAMPLE.COM" })))).toEqual(new Set([a.paid.id, a.refundId]));
    // Every test deposit has the same CPF: all of A's customers' rows, none of B's for A's admin.
    const byCpf = idsOf(await list(adminA, { q: "529.982.247-25" }));
    expect(byCpf).toEqual(expect.arrayContaining([a.paid.id, a.pending.id, a.payout.id, a.refundId]));
    expect(idsOf(await list(adminA, { q: "52998224725" }))).toEqual(byCpf);
    for (const id of [b.paid.id, b.pending.id, b.payout.id, b.refundId]) expect(byCpf).not.toContain(id);
  });

  it("matches text exactly: no wildcards, no partial ids", async () => {
    expect((await list(operator, { q: "%@example.com" })).rows).toEqual([]);
    expect((await list(operator, { q: "maria%" })).rows).toEqual([]);
    expect((await list(operator, { q: a.paid.id.slice(0, -1) })).rows).toEqual([]);
  });

  it("pages through every row once, ties at one instant included, and back", async () => {
    const shop = await createTestMerchant({ name: "Loja Paginada" });
    const at = Date.now() - 60_000;
    // 130 deposits, three to each millisecond: only the id breaks the ties.
    await getDb().transaction.createMany({
      data: Array.from({ length: 130 }, (_, i) => ({
        id: `dep_page${String(i).padStart(16, "0")}`,
        merchantId: shop.merchantId,
        operation: "pix",
        reference: `pagina-${i}`,
        status: "paid",
        amountCents: 100n,
        currency: "BRL",
        requestHash: "test",
        createdAt: new Date(at + Math.floor(i / 3)),
      })),
    });
    const admin = actor("merchant-admin", shop.merchantId);
    const pages: string[][] = [];
    let query: Record<string, string> = {};
    for (;;) {
      const page = await list(admin, query);
      pages.push(idsOf(page));
      if (!page.nextCursor) break;
      query = { after: page.nextCursor };
    }
    expect(pages.map((p) => p.length)).toEqual([50, 50, 30]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(130);
    expect(seen).toEqual([...seen].sort().reverse());

    const second = await list(admin, { after: (await list(admin)).nextCursor as string });
    expect(idsOf(second)).toEqual(pages[1]);
    const backToFirst = await list(admin, { before: second.previousCursor as string });
    expect(idsOf(backToFirst)).toEqual(pages[0]);
    expect(backToFirst.previousCursor).toBeNull();
  });
});

describe("the detail", () => {
  it("shows a deposit's timeline, refunds and callback attempts, the customer masked", async () => {
    const detail = await getTransactionDetail(operator, a.paid.id);
    expect(detail).toMatchObject({ kind: "deposit", status: "paid", merchantName: "Loja A", reference: a.paid.reference });
    expect(detail.timeline.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      [null, "pending"],
      ["pending", "paid"],
    ]);
    expect(detail.customer).toEqual({ name: "Maria da Silva", email: "M***@Example.COM", cpf: "***.982.247-**", phone: "", buyerIp: "***" });
    expect(detail.refunds).toEqual([expect.objectContaining({ id: a.refundId, status: "completed", amountCents: 100n })]);
    expect(detail.callbacks).toHaveLength(1);
    const [paid] = detail.callbacks;
    expect(paid).toMatchObject({ type: "deposit.paid", status: "delivered", payload: expect.objectContaining({ id: a.paid.id }) });
    expect(paid.attempts).toEqual([expect.objectContaining({ number: 1, state: "succeeded", httpStatus: 204, url: receiver.url })]);
  });

  it("shows a refund with its deposit and its own callback, and a payout's destination masked", async () => {
    const refundDetail = await getTransactionDetail(adminA, a.refundId);
    expect(refundDetail).toMatchObject({ kind: "refund", deposit: { id: a.paid.id, reference: a.paid.reference }, customer: null });
    expect(refundDetail.timeline.map((entry) => entry.toStatus)).toEqual(["pending", "completed"]);
    expect(refundDetail.callbacks.map((event) => event.type)).toEqual(["refund.completed"]);

    const payoutDetail = await getTransactionDetail(viewerA, a.payout.id);
    expect(payoutDetail).toMatchObject({ kind: "payout", status: "completed", destination: { pixKey: "***.982.247-**" } });
    expect(payoutDetail.timeline.map((entry) => entry.toStatus)).toEqual(["pending", "processing", "completed"]);
    expect(payoutDetail.callbacks.map((event) => event.type)).toEqual(["gateway_out.completed"]);
  });

  it("tells an attempt in flight from one whose worker stopped before an answer was recorded", async () => {
    const before = await getTransactionDetail(operator, a.pending.id);
    expect(before.callbacks).toEqual([]);
    await paySandboxDeposit(a.pending.id);
    const [event] = (await getTransactionDetail(operator, a.pending.id)).callbacks;
    const now = new Date();
    await claimCallbackEvents(getDb(), { ids: [event.eventId], owner: "test-worker", now, leaseUntil: new Date(now.getTime() + 60_000) });
    await getDb().$transaction((tx) =>
      beginCallbackAttempt(tx, { eventId: event.eventId, owner: "test-worker", attempt: { id: `${event.eventId}_a1`, url: receiver.url, keyId: shopA.keyId, startedAt: now } }),
    );
    const inFlight = await getTransactionDetail(operator, a.pending.id);
    expect(inFlight.callbacks[0].attempts).toEqual([expect.objectContaining({ number: 1, state: "in_flight", finishedAt: null, httpStatus: null })]);

    // The worker dies: its lease runs out with the attempt never completed.
    await getDb().callbackEvent.update({ where: { id: event.eventId }, data: { leaseExpiresAt: new Date(now.getTime() - 1) } });
    const interrupted = await getTransactionDetail(operator, a.pending.id);
    expect(interrupted.callbacks[0].attempts[0].state).toBe("interrupted");
  });
});

describe("another merchant's ids", () => {
  it("are not found for a merchant's admin and viewer: deposits, payouts and refunds", async () => {
    for (const who of [adminA, viewerA]) {
      for (const id of [b.paid.id, b.pending.id, b.payout.id, b.refundId, "dep_doesnotexist0000000", "rfd_doesnotexist0000000"]) {
        await expect(getTransactionDetail(who, id)).rejects.toMatchObject({ code: "not_found", status: 404 });
      }
    }
    // The same ids are there: an operator sees them.
    for (const id of [b.paid.id, b.payout.id, b.refundId]) await expect(getTransactionDetail(operator, id)).resolves.toMatchObject({ id });
  });
});
