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
const { listTransactions } = await import("@/lib/console-transactions/list-transactions");
const { getTransactionDetail } = await import("@/lib/console-transactions/get-transaction-detail");
const { transactionQuerySchema } = await import("@/lib/console-transactions/console-schemas");
const { exportTransactions } = await import("@/lib/console-transactions/export-transactions");
const { revealTransactionCustomer } = await import("@/lib/console-transactions/reveal-transaction-customer");
const { resendTransactionCallback } = await import("@/lib/console-transactions/resend-transaction-callback");
const { listTargetAuditEvents } = await import("@/lib/db/audit-events");
const { findCallbackEvent } = await import("@/lib/db/callback-events");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");

type Actor = Parameters<typeof listTransactions>[0];
type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let shopA: Merchant;
let shopB: Merchant;
/** What each shop did through the API: a paid deposit with a refund, a pending one, a completed payout. */
type Made = {
  paid: { id: string; reference: string };
  pending: { id: string; reference: string };
  payout: { id: string; reference: string };
  refundId: string;
};
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

const list = (who: Actor, query: Record<string, string> = {}) =>
  listTransactions(who, transactionQuerySchema.parse(query));
const idsOf = (page: { rows: { id: string }[] }) => page.rows.map((row) => row.id);

async function makeTransactions(shop: Merchant, sharedReference: string, email: string): Promise<Made> {
  const created = await readSigned(
    await postSigned(pix, shop, pixDepositRequest({ reference: sharedReference, email })),
    shop,
  );
  const paidId = created.data.id as string;
  await paySandboxDeposit(paidId);
  const pendingRequest = pixDepositRequest();
  const pending = await readSigned(await postSigned(pix, shop, pendingRequest), shop);
  await fundSandboxMerchant(shop.merchantId, "100.00");
  const payoutRequest = pixPayoutRequest("5.00");
  const payout = await readSigned(await postSigned(gatewayOut, shop, payoutRequest), shop);
  const transferId = payout.data.transfer_id as string;
  await markPayout({ transferId, outcome: "completed" });
  const refunded = await readSigned(
    await postSigned(refund, shop, { id: paidId, amount: "1.00", reason: "cliente desistiu" }),
    shop,
  );
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
    for (const made of [a, b])
      expect(ids).toEqual(expect.arrayContaining([made.paid.id, made.pending.id, made.payout.id, made.refundId]));
    const times = page.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const paid = page.rows.find((row) => row.id === a.paid.id);
    expect(paid).toMatchObject({
      kind: "deposit",
      operation: "pix",
      status: "paid",
      merchantName: "Loja A",
      customerEmail: "M***@Example.COM",
      customerCpf: "***.982.247-**",
    });
    expect(page.rows.find((row) => row.id === a.refundId)).toMatchObject({
      kind: "refund",
      reference: a.paid.reference,
      depositId: a.paid.id,
      status: "completed",
    });
    expect(page.rows.find((row) => row.id === a.payout.id)).toMatchObject({
      kind: "payout",
      operation: "gateway_out",
      status: "completed",
    });
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
    await expect(list(adminA, { merchant: shopB.merchantId })).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
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
    expect(await list(adminA, { from: "2020-01-01", to: "2020-01-31" })).toMatchObject({
      rows: [],
      nextCursor: null,
      previousCursor: null,
    });
  });

  it("finds by id, transfer id, refund id, reference, e-mail in any case and CPF with or without punctuation", async () => {
    expect(idsOf(await list(operator, { q: a.pending.id }))).toEqual([a.pending.id]);
    expect(idsOf(await list(operator, { q: a.payout.id }))).toEqual([a.payout.id]);
    expect(idsOf(await list(operator, { q: a.refundId }))).toEqual([a.refundId]);
    // A deposit's id finds its refunds too.
    expect(new Set(idsOf(await list(operator, { q: a.paid.id })))).toEqual(new Set([a.paid.id, a.refundId]));
    // The shared reference: both shops' for an operator.
    expect(new Set(idsOf(await list(operator, { q: a.paid.reference })))).toEqual(
      new Set([a.paid.id, a.refundId, b.paid.id, b.refundId]),
    );
    expect(new Set(idsOf(await list(operator, { q: "maria.souza@example.com" })))).toEqual(
      new Set([a.paid.id, a.refundId]),
    );
    expect(new Set(idsOf(await list(operator, { q: "MARIA.SOUZA@EXAMPLE.COM" })))).toEqual(
      new Set([a.paid.id, a.refundId]),
    );
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
    expect((await list(operator, { q: "%" })).rows).toEqual([]);
    expect((await list(operator, { q: "_" })).rows).toEqual([]);
  });

  it("finds a reference by its beginning, as typed (a long order number read off a screen)", async () => {
    expect(idsOf(await list(adminA, { q: a.pending.reference.slice(0, 12) }))).toContain(a.pending.id);
    // A reference holding LIKE's wildcards is found whole, and its beginning finds nothing.
    const reference = `pedido_100%_${Date.now()}`;
    const created = await readSigned(await postSigned(pix, shopA, pixDepositRequest({ reference })), shopA);
    expect(idsOf(await list(adminA, { q: reference }))).toEqual([created.data.id]);
    expect((await list(adminA, { q: "pedido_" })).rows).toEqual([]);
    expect((await list(adminA, { q: a.pending.reference.slice(2) })).rows).toEqual([]);
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
    expect(detail).toMatchObject({
      kind: "deposit",
      status: "paid",
      merchantName: "Loja A",
      reference: a.paid.reference,
    });
    expect(detail.timeline.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      [null, "pending"],
      ["pending", "paid"],
    ]);
    expect(detail.customer).toEqual({
      name: "Maria da Silva",
      email: "M***@Example.COM",
      cpf: "***.982.247-**",
      phone: "",
      buyerIp: "***",
    });
    expect(detail.refunds).toEqual([
      expect.objectContaining({ id: a.refundId, status: "completed", amountCents: 100n }),
    ]);
    expect(detail.callbacks).toHaveLength(1);
    const [paid] = detail.callbacks;
    expect(paid).toMatchObject({
      type: "deposit.paid",
      status: "delivered",
      payload: expect.objectContaining({ id: a.paid.id }),
    });
    expect(paid.attempts).toEqual([
      expect.objectContaining({ number: 1, state: "succeeded", httpStatus: 204, url: receiver.url }),
    ]);
  });

  it("shows a refund with its deposit and its own callback, and a payout's destination masked", async () => {
    const refundDetail = await getTransactionDetail(adminA, a.refundId);
    expect(refundDetail).toMatchObject({
      kind: "refund",
      deposit: { id: a.paid.id, reference: a.paid.reference },
      customer: null,
    });
    expect(refundDetail.timeline.map((entry) => entry.toStatus)).toEqual(["pending", "completed"]);
    expect(refundDetail.callbacks.map((event) => event.type)).toEqual(["refund.completed"]);

    const payoutDetail = await getTransactionDetail(viewerA, a.payout.id);
    expect(payoutDetail).toMatchObject({
      kind: "payout",
      status: "completed",
      destination: { pixKey: "***.982.247-**" },
    });
    expect(payoutDetail.timeline.map((entry) => entry.toStatus)).toEqual(["pending", "processing", "completed"]);
    expect(payoutDetail.callbacks.map((event) => event.type)).toEqual(["gateway_out.completed"]);
  });

  it("tells an attempt in flight from one whose worker stopped before an answer was recorded", async () => {
    const before = await getTransactionDetail(operator, a.pending.id);
    expect(before.callbacks).toEqual([]);
    await paySandboxDeposit(a.pending.id);
    const [event] = (await getTransactionDetail(operator, a.pending.id)).callbacks;
    const now = new Date();
    await claimCallbackEvents(getDb(), {
      ids: [event.eventId],
      owner: "test-worker",
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
    });
    await getDb().$transaction((tx) =>
      beginCallbackAttempt(tx, {
        eventId: event.eventId,
        owner: "test-worker",
        attempt: { id: `${event.eventId}_a1`, url: receiver.url, keyId: shopA.keyId, startedAt: now },
      }),
    );
    const inFlight = await getTransactionDetail(operator, a.pending.id);
    expect(inFlight.callbacks[0].attempts).toEqual([
      expect.objectContaining({ number: 1, state: "in_flight", finishedAt: null, httpStatus: null }),
    ]);

    // The worker dies: its lease runs out with the attempt never completed.
    await getDb().callbackEvent.update({
      where: { id: event.eventId },
      data: { leaseExpiresAt: new Date(now.getTime() - 1) },
    });
    const interrupted = await getTransactionDetail(operator, a.pending.id);
    expect(interrupted.callbacks[0].attempts[0].state).toBe("interrupted");
  });
});

async function readAll(rows: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of rows) text += chunk;
  return text;
}

/** A CSV line's cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
const cellsOf = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
  );

describe("revealing the customer", () => {
  it("gives an operator the data in clear, and records who, when, from where and what", async () => {
    const revealed = await revealTransactionCustomer(operator, a.paid.id);
    expect(revealed).toMatchObject({
      name: "Maria da Silva",
      email: "Maria.Souza@Example.COM",
      cpf: "52998224725",
      buyerIp: "203.0.113.9",
    });
    const payout = await revealTransactionCustomer(operator, a.payout.id);
    expect(payout.pixKey).toBe("52998224725");
    const [event] = await listTargetAuditEvents(getDb(), "transaction", a.paid.id);
    expect(event).toMatchObject({
      action: "transaction.customer_revealed",
      actorUserId: operator.userId,
      actorEmail: operator.email,
      actorRole: "operator",
      sessionId: operator.sessionId,
      ip: operator.ip,
      merchantId: shopA.merchantId,
    });
    expect(JSON.stringify(event.detail)).not.toContain("52998224725");
  });

  it("is refused to merchant users, with nothing recorded", async () => {
    for (const who of [adminA, viewerA]) {
      await expect(revealTransactionCustomer(who, a.pending.id)).rejects.toMatchObject({
        code: "forbidden",
        status: 403,
      });
      await expect(revealTransactionCustomer(who, b.pending.id)).rejects.toMatchObject({ code: "forbidden" });
    }
    expect(await listTargetAuditEvents(getDb(), "transaction", a.pending.id)).toEqual([]);
  });
});

describe("reenviar", () => {
  it("queues a delivered callback again for an operator or the merchant's admin; the receiver gets the same event again, and each resend is audited", async () => {
    const [event] = (await getTransactionDetail(operator, a.payout.id)).callbacks;
    expect(event.status).toBe("delivered");
    for (const who of [operator, adminA]) {
      const before = receiver.received.filter((r) => r.data.event_id === event.eventId).length;
      await expect(resendTransactionCallback(who, event.eventId)).resolves.toMatchObject({
        event_id: event.eventId,
        status: "pending",
      });
      await runCallbackWorker({ isOnce: true });
      const copies = receiver.received.filter((r) => r.data.event_id === event.eventId);
      expect(copies).toHaveLength(before + 1);
      expect(copies.at(-1)?.data).toMatchObject({ type: "gateway_out.completed", transfer_id: a.payout.id });
    }
    const detail = await getTransactionDetail(adminA, a.payout.id);
    expect(detail.callbacks[0].status).toBe("delivered");
    expect(detail.callbacks[0].attempts.map((attempt) => attempt.state)).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
    ]);
    const audit = await listTargetAuditEvents(getDb(), "callback_event", event.eventId);
    expect(audit.map((entry) => [entry.action, entry.actorRole, entry.merchantId])).toEqual([
      ["callback.resent", "operator", shopA.merchantId],
      ["callback.resent", "merchant-admin", shopA.merchantId],
    ]);
  });

  it("is refused to a viewer (403) and for another merchant's event (404), with nothing queued or recorded", async () => {
    const [ownEvent] = (await getTransactionDetail(operator, a.refundId)).callbacks;
    const [otherEvent] = (await getTransactionDetail(operator, b.paid.id)).callbacks;
    await expect(resendTransactionCallback(viewerA, ownEvent.eventId)).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await expect(resendTransactionCallback(adminA, otherEvent.eventId)).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
    await expect(resendTransactionCallback(adminA, "evt_doesnotexist0000000")).rejects.toMatchObject({
      code: "not_found",
    });
    for (const eventId of [ownEvent.eventId, otherEvent.eventId]) {
      expect(await findCallbackEvent(getDb(), eventId)).toMatchObject({ status: "delivered" });
      expect(await listTargetAuditEvents(getDb(), "callback_event", eventId)).toEqual([]);
    }
  });
});

describe("the CSV export", () => {
  it("streams every row the filters select, masked, formulas defused, and is audited with its filters", async () => {
    const shop = await createTestMerchant({ name: 'Loja, "CSV"' });
    await readSigned(
      await postSigned(pix, shop, pixDepositRequest({ reference: '=HYPERLINK("http://x")', name: "Ana Lima" })),
      shop,
    );
    for (let i = 0; i < 3; i++) await readSigned(await postSigned(pix, shop, pixDepositRequest()), shop);
    const admin = actor("merchant-admin", shop.merchantId);
    const { filename, rows } = await exportTransactions(admin, { type: "deposit" });
    expect(filename).toMatch(new RegExp(`^transactions-${shop.merchantId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = (await readAll(rows)).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "\ufeffcreated_at,id,type,operation,merchant_id,merchant_name,reference,deposit_id,status,amount,currency,mode,customer_name,customer_email,customer_cpf,settled_at,refund_state,refunded_amount",
    );
    const body = lines.slice(1, -1).map(cellsOf);
    expect(body).toHaveLength(4);
    const injected = body.find((cells) => cells[12] === "Ana Lima");
    expect(injected?.slice(4, 18)).toEqual([
      shop.merchantId,
      'Loja, "CSV"',
      '\'=HYPERLINK("http://x")',
      "",
      "pending",
      "10.50",
      "BRL",
      "sandbox",
      "Ana Lima",
      "m***@example.com",
      "***.982.247-**",
      "",
      "",
      "",
    ]);
    const [audit] = await getDb().auditEvent.findMany({
      where: { action: "transactions.exported", merchantId: shop.merchantId },
    });
    expect(audit).toMatchObject({ actorRole: "merchant-admin", detail: { filters: { type: "deposit" } } });
  });

  it("reads past its batch size in order, and refuses another merchant's filter before recording anything", async () => {
    const shop = await createTestMerchant({ name: "Loja Grande" });
    const at = Date.now() - 60_000;
    await getDb().transaction.createMany({
      data: Array.from({ length: 2_345 }, (_, i) => ({
        id: `dep_csv${String(i).padStart(17, "0")}`,
        merchantId: shop.merchantId,
        operation: "pix",
        reference: `csv-${i}`,
        status: "paid",
        amountCents: BigInt(i),
        currency: "BRL",
        requestHash: "test",
        createdAt: new Date(at + Math.floor(i / 2)),
      })),
    });
    const { rows } = await exportTransactions(operator, { merchant: shop.merchantId });
    const ids = (await readAll(rows))
      .split("\r\n")
      .slice(1, -1)
      .map((line) => cellsOf(line)[1]);
    expect(ids).toHaveLength(2_345);
    expect(ids).toEqual([...ids].sort().reverse());

    await expect(exportTransactions(adminA, { merchant: shopB.merchantId })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(
      await getDb().auditEvent.count({
        where: { action: "transactions.exported", actorRole: "merchant-admin", merchantId: shopB.merchantId },
      }),
    ).toBe(0);
  });
});

describe("another merchant's ids", () => {
  it("are not found for a merchant's admin and viewer: deposits, payouts and refunds", async () => {
    for (const who of [adminA, viewerA]) {
      for (const id of [
        b.paid.id,
        b.pending.id,
        b.payout.id,
        b.refundId,
        "dep_doesnotexist0000000",
        "rfd_doesnotexist0000000",
      ]) {
        await expect(getTransactionDetail(who, id)).rejects.toMatchObject({ code: "not_found", status: 404 });
      }
    }
    // The same ids are there: an operator sees them.
    for (const id of [b.paid.id, b.payout.id, b.refundId])
      await expect(getTransactionDetail(operator, id)).resolves.toMatchObject({ id });
  });
});
