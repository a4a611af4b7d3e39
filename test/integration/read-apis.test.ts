// The read APIs (POST /api/balance, /api/transactions, /api/events, /api/events/resend) against
// what the console shows for the same merchant: deposits, payouts and refunds in several statuses
// made through the API, callbacks answered by a real receiver that refuses some of them, keyset
// pages walked both ways, another merchant's ids refused as unknown ones, and a merchant switched
// between sandbox and live whose keys each see their own mode only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLivePsp } from "../support/live-psp";

// A live merchant's deposits need a PSP: the simulator stands in for it (and sets a retry
// schedule of one immediate retry, so a refused callback fails within one worker run).
const livePsp = await startLivePsp();

const { POST: pix } = await import("@/app/api/pix/route");
const { POST: paymentInitiation } = await import("@/app/api/payment-initiation/route");
const { POST: gatewayOut } = await import("@/app/api/gateway-out/route");
const { POST: refund } = await import("@/app/api/refund/route");
const { POST: simulate } = await import("@/app/api/sandbox/simulate/route");
const { POST: balance } = await import("@/app/api/balance/route");
const { POST: transactions } = await import("@/app/api/transactions/route");
const { POST: events } = await import("@/app/api/events/route");
const { POST: resend } = await import("@/app/api/events/resend/route");
const { POST: forwardedRoute } = await import("@/app/api/events/forwarded/route");
const { runCallbackWorker } = await import("@/lib/callbacks/run-callback-worker");
const { listTransactions } = await import("@/lib/console-transactions/list-transactions");
const { getTransactionDetail } = await import("@/lib/console-transactions/get-transaction-detail");
const { transactionQuerySchema } = await import("@/lib/console-transactions/console-schemas");
const { listLedger } = await import("@/lib/funds/list-ledger");
const { fundSandboxMerchant } = await import("@/lib/funds/fund-sandbox-merchant");
const { switchMerchantMode } = await import("@/lib/merchants/switch-merchant-mode");
const { registerPspWebhook } = await import("@/lib/providers/register-psp-webhook");
const { cliAuditActor } = await import("@/lib/audit/cli-audit-actor");
const { getDb } = await import("@/lib/db/client");
const { findCallbackEvent } = await import("@/lib/db/callback-events");
const { findTransaction } = await import("@/lib/db/transactions");
const { listTargetAuditEvents } = await import("@/lib/db/audit-events");
const { formatAmountDot } = await import("@/lib/money/format-amount");
const { publicPayoutStatus, parseStatus } = await import("@/lib/transactions/statuses");
const { createTestMerchant, postSigned, readSigned } = await import("../support/api");
const { startReceiver } = await import("../support/callback-receiver");
const { pixDepositRequest, pixPayoutRequest } = await import("../support/requests");

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
type Actor = Parameters<typeof listTransactions>[0];
type Handler = (request: Request) => Promise<Response>;
type Row = Record<string, unknown>;
type Page = { rows: Row[]; next_cursor: string | null; previous_cursor: string | null };

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let shopA: Merchant;
let shopB: Merchant;
let adminA: Actor;
const operator: Actor = {
  userId: "usr_operator",
  email: "operator@example.com",
  role: "operator",
  merchantId: null,
  sessionId: "ses_operator",
  ip: "203.0.113.50",
};
const adminOf = (merchantId: string): Actor => ({
  ...operator,
  userId: `usr_${merchantId}`,
  email: `admin-${merchantId}@example.com`,
  role: "merchant-admin",
  merchantId,
});

/** Shop A's rows, by what happened to them. */
const a = {} as Record<
  "paid" | "pending" | "failed" | "expired" | "initiation" | "completedPayout" | "canceledPayout" | "pendingPayout",
  string
> & { refunds: string[]; sharedReference: string };
let b: { paid: string; payout: string };

async function call(route: Handler, who: Merchant, data: Row) {
  const response = await postSigned(route, who, data);
  return { response, ...(await readSigned(response, who)) };
}

async function created(route: Handler, who: Merchant, data: Row): Promise<string> {
  const { response, data: answer } = await call(route, who, data);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return (answer.id ?? answer.transfer_id) as string;
}

async function simulated(who: Merchant, id: string, outcome: string) {
  const { response, data } = await call(simulate, who, { id, outcome });
  expect(response.status, JSON.stringify(data)).toBe(200);
}

/** Every page of a list, walked forward with next_cursor. */
async function walk(route: Handler, who: Merchant, data: Row, key: "transactions" | "events"): Promise<Page[]> {
  const pages: Page[] = [];
  let after: string | undefined;
  for (;;) {
    const { response, data: answer } = await call(route, who, { ...data, ...(after ? { after } : {}) });
    expect(response.status, JSON.stringify(answer)).toBe(200);
    const page = {
      rows: answer[key] as Row[],
      next_cursor: answer.next_cursor,
      previous_cursor: answer.previous_cursor,
    };
    pages.push(page as Page);
    if (page.next_cursor === null) return pages;
    after = page.next_cursor as string;
    expect(pages.length).toBeLessThan(100);
  }
}

const allRows = (pages: Page[]) => pages.flatMap((page) => page.rows);
const ids = (rows: Row[], key = "id") => rows.map((row) => row[key]);

/** A row as the merchant reads it, from either side: id, kind, status as the API names it, amount, reference, deposit, time. */
const apiRow = (row: Row) => [
  row.id,
  row.type,
  row.status,
  row.amount,
  row.reference,
  row.deposit_id ?? null,
  row.created_at,
];

/** The console's list for the same filters, each row as apiRow reads an answer's. */
async function consoleList(who: Actor, query: Record<string, string> = {}) {
  const page = await listTransactions(who, transactionQuerySchema.parse(query));
  expect(page.nextCursor).toBeNull();
  return page.rows.map((row) => [
    row.id,
    row.kind,
    row.kind === "payout" ? publicPayoutStatus(parseStatus("payout", row.status)) : row.status,
    formatAmountDot(row.amountCents),
    row.reference,
    row.depositId,
    row.createdAt.toISOString(),
  ]);
}

/** An event as the merchant reads it, from either side, with what each attempt came to. */
const apiEvent = (event: Row) => [
  event.event_id,
  event.type,
  event.status,
  event.transaction_id,
  event.created_at,
  event.payload,
  (event.attempts as Row[]).map((attempt) => [
    attempt.number,
    attempt.state,
    attempt.http_status,
    attempt.url,
    attempt.key_id,
    attempt.response_excerpt,
  ]),
];

/** Every callback the console's transaction details show for the merchant, newest first, as apiEvent reads one. */
async function consoleEvents(who: Actor) {
  const rows = await listTransactions(who, transactionQuerySchema.parse({}));
  const details = await Promise.all(rows.rows.map((row) => getTransactionDetail(who, row.id)));
  return details
    .flatMap((detail) => detail.callbacks)
    .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.eventId < y.eventId ? 1 : -1))
    .map((event) => [
      event.eventId,
      event.type,
      event.status,
      event.objectId,
      event.createdAt.toISOString(),
      event.payload,
      event.attempts.map((attempt) => [
        attempt.number,
        attempt.state,
        attempt.httpStatus,
        attempt.url,
        attempt.keyId,
        attempt.responseExcerpt,
      ]),
    ]);
}

const brasiliaDay = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(date);

/** The refusal's fields, for a 422. */
async function refusedFields(route: Handler, who: Merchant, data: Row) {
  const { response, data: answer } = await call(route, who, data);
  expect(response.status, JSON.stringify(data)).toBe(422);
  const error = answer.error as { type: string; fields: { path: string; message: string }[] };
  expect(error.type).toBe("validation_failed");
  return error.fields;
}

beforeAll(async () => {
  receiver = await startReceiver();
  await registerPspWebhook(undefined, cliAuditActor());
  const origins = ["https://shop.example.com"];
  shopA = await createTestMerchant({ name: "Loja A", callbackUrl: receiver.url, redirectOrigins: origins });
  shopB = await createTestMerchant({ name: "Loja B", callbackUrl: receiver.url, redirectOrigins: origins });
  adminA = adminOf(shopA.merchantId);

  // The same reference at both shops: a reference is unique per merchant only.
  a.sharedReference = `pedido-compartilhado-${Date.now()}`;
  a.paid = await created(pix, shopA, pixDepositRequest({ reference: a.sharedReference, amount: "80.00" }));
  await simulated(shopA, a.paid, "paid");
  a.pending = await created(pix, shopA, pixDepositRequest({ amount: "12.34" }));
  a.failed = await created(pix, shopA, pixDepositRequest());
  await simulated(shopA, a.failed, "failed");
  a.expired = await created(pix, shopA, pixDepositRequest());
  await simulated(shopA, a.expired, "expired");
  const { data: initiation } = await call(
    paymentInitiation,
    shopA,
    pixDepositRequest({
      amount: "7.00",
      successRedirectUrl: "https://shop.example.com/ok",
      failedRedirectUrl: "https://shop.example.com/no",
    }),
  );
  a.initiation = initiation.id as string;
  a.completedPayout = await created(gatewayOut, shopA, pixPayoutRequest("5.00"));
  await simulated(shopA, a.completedPayout, "completed");
  a.canceledPayout = await created(gatewayOut, shopA, pixPayoutRequest("6.00"));
  await simulated(shopA, a.canceledPayout, "canceled");
  a.pendingPayout = await created(gatewayOut, shopA, pixPayoutRequest("9.00"));
  a.refunds = [
    await created(refund, shopA, { id: a.paid, amount: "1.00" }),
    await created(refund, shopA, { id: a.paid, amount: "2.50" }),
  ];

  const bPaid = await created(pix, shopB, pixDepositRequest({ reference: a.sharedReference }));
  await simulated(shopB, bPaid, "paid");
  await fundSandboxMerchant(shopB.merchantId, "50.00");
  b = { paid: bPaid, payout: await created(gatewayOut, shopB, pixPayoutRequest("3.00")) };

  // Shop A's endpoint refuses its paid deposit's callback once, and its failed deposit's every time.
  const refusedOnce = new Set<string>();
  receiver.decide = (received) => {
    if (received.data.type === "deposit.failed" && received.data.id === a.failed) return { status: 500, body: "down" };
    if (received.data.type === "deposit.paid" && received.data.id === a.paid && !refusedOnce.has(a.paid)) {
      refusedOnce.add(a.paid);
      return { status: 503, body: "busy" };
    }
    return undefined;
  };
  await runCallbackWorker({ isOnce: true });
});

afterAll(async () => {
  await receiver.close();
  await livePsp.close();
});

describe("POST /api/balance", () => {
  it("answers the console's available and reserved, and the pending deposits' sum", async () => {
    const { response, data } = await call(balance, shopA, {});
    expect(response.status).toBe(200);
    const ledger = await listLedger(adminA, shopA.merchantId, {});
    const pendingDeposits = (await consoleList(adminA, { type: "deposit", status: "pending" })).map((row) => row[3]);
    expect(pendingDeposits).toEqual(["7.00", "12.34"]);
    expect(data).toEqual({
      mode: "sandbox",
      currency: "BRL",
      available: formatAmountDot(ledger.balance.availableCents),
      reserved: formatAmountDot(ledger.balance.reservedCents),
      pending: "19.34",
    });
    // 80.00 paid, 3.50 refunded, 5.00 paid out, 9.00 held by the pending payout.
    expect(data).toMatchObject({ available: "62.50", reserved: "9.00" });
  });
});

describe("POST /api/transactions", () => {
  it("pages through the console's list with next_cursor: same rows, order, amounts and statuses, no gaps or repeats", async () => {
    const expected = await consoleList(adminA);
    // Five deposits, three payouts, two refunds.
    expect(expected).toHaveLength(10);
    const pages = await walk(transactions, shopA, { limit: 3 }, "transactions");
    expect(pages.map((page) => page.rows.length)).toEqual([3, 3, 3, 1]);
    expect(allRows(pages).map(apiRow)).toEqual(expected);
    expect(new Set(ids(allRows(pages))).size).toBe(expected.length);
    expect(pages[0].previous_cursor).toBeNull();
    expect(pages.slice(1).every((page) => page.previous_cursor !== null)).toBe(true);

    const statuses = Object.fromEntries(allRows(pages).map((row) => [row.id, row.status]));
    expect(statuses).toMatchObject({
      [a.paid]: "paid",
      [a.pending]: "pending",
      [a.failed]: "failed",
      [a.expired]: "expired",
      [a.initiation]: "pending",
      [a.completedPayout]: "completed",
      [a.canceledPayout]: "canceled",
      [a.pendingPayout]: "pending",
      [a.refunds[0]]: "completed",
    });
    expect(allRows(pages).find((row) => row.id === a.refunds[1])).toMatchObject({
      type: "refund",
      operation: "refund",
      deposit_id: a.paid,
      reference: a.sharedReference,
      amount: "2.50",
    });
    expect(allRows(pages).find((row) => row.id === a.completedPayout)).toMatchObject({
      type: "payout",
      operation: "gateway_out",
      transfer_id: a.completedPayout,
      settled_at: expect.any(String),
    });
    expect(allRows(pages).find((row) => row.id === a.initiation)).toMatchObject({
      type: "deposit",
      operation: "payment_initiation",
      currency: "BRL",
      settled_at: null,
    });
  });

  it("walks back with previous_cursor through the same pages", async () => {
    const forward = await walk(transactions, shopA, { limit: 3 }, "transactions");
    const backward: Page[] = [forward.at(-1)!];
    while (backward.at(-1)!.previous_cursor !== null) {
      const { data } = await call(transactions, shopA, { limit: 3, before: backward.at(-1)!.previous_cursor });
      backward.push({ rows: data.transactions as Row[], ...data } as Page);
    }
    expect(backward.map((page) => ids(page.rows)).reverse()).toEqual(forward.map((page) => ids(page.rows)));
  });

  it("filters as the console does: type, status, reference and days", async () => {
    const today = brasiliaDay(new Date());
    const yesterday = brasiliaDay(new Date(Date.now() - 86_400_000));
    const cases: [Row, Record<string, string>][] = [
      [{ type: "deposit" }, { type: "deposit" }],
      [
        { type: "payout", status: "pending" },
        { type: "payout", status: "pending" },
      ],
      [{ status: "completed" }, { status: "completed" }],
      [{ type: "refund" }, { type: "refund" }],
      [{ reference: a.sharedReference }, { q: a.sharedReference }],
      [
        { from: today, to: today },
        { from: today, to: today },
      ],
      [{ to: yesterday }, { to: yesterday }],
    ];
    for (const [filters, query] of cases) {
      const expected = await consoleList(adminA, query);
      expect(
        allRows(await walk(transactions, shopA, { ...filters, limit: 2 }, "transactions")).map(apiRow),
        query.q ?? JSON.stringify(filters),
      ).toEqual(expected);
    }
    expect(ids(allRows(await walk(transactions, shopA, { reference: a.sharedReference }, "transactions")))).toEqual([
      a.refunds[1],
      a.refunds[0],
      a.paid,
    ]);
    expect(allRows(await walk(transactions, shopA, { to: yesterday }, "transactions"))).toEqual([]);
  });

  it("never shows another merchant's rows, even under the same reference", async () => {
    const rowsOfA = ids(allRows(await walk(transactions, shopA, {}, "transactions")));
    const rowsOfB = ids(allRows(await walk(transactions, shopB, {}, "transactions")));
    expect(rowsOfA).not.toContain(b.paid);
    expect(rowsOfA).not.toContain(b.payout);
    expect(rowsOfB).toEqual((await consoleList(adminOf(shopB.merchantId))).map((row) => row[0]));
    expect(rowsOfB.some((id) => rowsOfA.includes(id))).toBe(false);
    const sameReference = allRows(await walk(transactions, shopB, { reference: a.sharedReference }, "transactions"));
    expect(ids(sameReference)).toEqual([b.paid]);
  });

  it("refuses a bad filter or cursor with a 422 naming the field", async () => {
    const cursor = (await call(transactions, shopA, { limit: 1 })).data.next_cursor as string;
    const refusals: [Row, string][] = [
      [{ type: "chargeback" }, "type"],
      [{ status: "processing" }, "status"],
      [{ type: "refund", status: "paid" }, "status"],
      [{ from: "2026-02-30" }, "from"],
      [{ from: "yesterday" }, "from"],
      [{ from: "2026-11-30", to: "2026-11-01" }, "from"],
      [{ reference: "" }, "reference"],
      [{ reference: "x".repeat(201) }, "reference"],
      [{ after: "garbage" }, "after"],
      [{ before: "x.dep_1; DROP TABLE" }, "before"],
      [{ after: cursor, before: cursor }, "before"],
      [{ limit: 0 }, "limit"],
      [{ limit: 101 }, "limit"],
      [{ limit: 2.5 }, "limit"],
      [{ limit: "10" }, "limit"],
      [{ reference: 1001 }, "reference"],
      [{ from: 20261101 }, "from"],
    ];
    for (const [data, field] of refusals) {
      const fields = await refusedFields(transactions, shopA, data);
      expect(
        fields.map((f) => f.path),
        JSON.stringify(data),
      ).toEqual([field]);
      // The gateway's own words, never the validation library's stock ones ("Invalid input: …").
      expect(fields[0].message, JSON.stringify(data)).toMatch(/^(must|is|a |send)/);
    }
  });
});

describe("POST /api/events", () => {
  it("answers every callback the console shows, newest first, with each attempt, paged without gaps or repeats", async () => {
    const expected = await consoleEvents(adminA);
    // Paid, failed and expired deposits, two payouts, two refunds.
    expect(expected).toHaveLength(7);
    const pages = await walk(events, shopA, { limit: 2 }, "events");
    expect(pages.map((page) => page.rows.length)).toEqual([2, 2, 2, 1]);
    expect(allRows(pages).map(apiEvent)).toEqual(expected);

    const byTransaction = Object.fromEntries(allRows(pages).map((event) => [event.transaction_id, event]));
    expect(byTransaction[a.paid]).toMatchObject({
      type: "deposit.paid",
      status: "delivered",
      payload: { id: a.paid, status: "paid", amount: "80.00", reference: a.sharedReference },
      attempts: [
        {
          number: 1,
          state: "failed",
          http_status: 503,
          response_excerpt: "busy",
          url: receiver.url,
          key_id: shopA.keyId,
        },
        { number: 2, state: "succeeded", http_status: 204 },
      ],
    });
    expect(byTransaction[a.failed]).toMatchObject({
      type: "deposit.failed",
      status: "failed",
      next_attempt_at: null,
      delivered_at: null,
      attempts: [
        { number: 1, state: "failed", http_status: 500 },
        { number: 2, state: "failed", http_status: 500 },
      ],
    });
    expect(byTransaction[a.refunds[0]]).toMatchObject({ type: "refund.completed", status: "delivered" });
    expect(allRows(pages).some((event) => [b.paid, b.payout].includes(event.transaction_id as string))).toBe(false);
  });

  it("filters by status, type and the transaction reported", async () => {
    const failed = allRows(await walk(events, shopA, { status: "failed" }, "events"));
    expect(failed.map((event) => event.transaction_id)).toEqual([a.failed]);
    const refunds = allRows(await walk(events, shopA, { type: "refund.completed" }, "events"));
    expect(refunds.map((event) => event.transaction_id)).toEqual([a.refunds[1], a.refunds[0]]);
    const ofPaid = allRows(await walk(events, shopA, { transaction_id: a.paid }, "events"));
    expect(ofPaid.map((event) => event.type)).toEqual(["deposit.paid"]);
    expect(allRows(await walk(events, shopA, { transaction_id: b.paid }, "events"))).toEqual([]);
  });

  it("refuses a bad filter or cursor with a 422 naming the field and the reason in the gateway's words", async () => {
    const listAnswer = "send next_cursor or previous_cursor as a list answered it";
    const refusals: [Row, string, string][] = [
      [{ status: "sent" }, "status", "must be one of pending, delivered, failed"],
      [
        { type: "deposit.refunded" },
        "type",
        "must be one of gateway_out.completed, gateway_out.canceled, deposit.paid, deposit.failed, deposit.expired, refund.completed, refund.failed, dispute.opened, dispute.closed",
      ],
      [{ transaction_id: "" }, "transaction_id", "must not be empty"],
      [{ transaction_id: 42 }, "transaction_id", "must be text"],
      [{ after: "evt_1" }, "after", `is not a cursor of this list: ${listAnswer}`],
      [{ after: "x".repeat(201) }, "after", `is not a cursor of this list: ${listAnswer}`],
      [{ limit: 1000 }, "limit", "must be at most 100"],
    ];
    for (const [data, path, message] of refusals)
      expect(await refusedFields(events, shopA, data), JSON.stringify(data).slice(0, 80)).toEqual([{ path, message }]);
  });
});

describe("POST /api/events/resend", () => {
  const eventOf = async (who: Merchant, transactionId: string) =>
    (await call(events, who, { transaction_id: transactionId })).data.events as Row[];

  it("queues the event again: the real receiver gets a new attempt with the same event_id, and the audit log names the key", async () => {
    const [failed] = await eventOf(shopA, a.failed);
    receiver.decide = undefined;
    const before = receiver.received.length;
    const { response, data } = await call(resend, shopA, { event_id: failed.event_id });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ event_id: failed.event_id, status: "pending" });
    expect(Date.parse(data.next_attempt_at as string)).toBeLessThanOrEqual(Date.now());

    await runCallbackWorker({ isOnce: true });
    const arrived = receiver.received.slice(before).filter((received) => received.data.event_id === failed.event_id);
    expect(arrived).toHaveLength(1);
    expect(arrived[0].data).toEqual(failed.payload);

    const [after] = await eventOf(shopA, a.failed);
    expect(after).toMatchObject({ status: "delivered", next_attempt_at: null });
    expect((after.attempts as Row[]).map((attempt) => [attempt.number, attempt.state, attempt.http_status])).toEqual([
      [1, "failed", 500],
      [2, "failed", 500],
      [3, "succeeded", 204],
    ]);
    // What the console shows of the same event.
    const detail = await getTransactionDetail(adminA, a.failed);
    expect(detail.callbacks.map((event) => [event.eventId, event.status, event.attempts.length])).toEqual([
      [failed.event_id, "delivered", 3],
    ]);
    const audit = await listTargetAuditEvents(getDb(), "callback_event", failed.event_id as string);
    expect(audit).toMatchObject([
      {
        action: "callback.resent",
        actorEmail: `api:${shopA.keyId}`,
        actorRole: "api",
        merchantId: shopA.merchantId,
        detail: { type: "deposit.failed", previous_status: "failed" },
      },
    ]);
  });

  it("answers 404 for another merchant's event and changes nothing of it", async () => {
    const [ofB] = await eventOf(shopB, b.paid);
    const stored = await findCallbackEvent(getDb(), ofB.event_id as string);
    for (const eventId of [ofB.event_id, "evt_00000000000000000000"]) {
      const { response, data } = await call(resend, shopA, { event_id: eventId });
      expect(response.status).toBe(404);
      expect(data.error).toMatchObject({ type: "not_found" });
    }
    expect(await findCallbackEvent(getDb(), ofB.event_id as string)).toEqual(stored);
    expect(await listTargetAuditEvents(getDb(), "callback_event", ofB.event_id as string)).toEqual([]);
  });

  it("refuses a missing or malformed event_id with a 422 naming it", async () => {
    for (const data of [{}, { event_id: 42 }, { event_id: " " }])
      expect((await refusedFields(resend, shopA, data)).map((f) => f.path)).toEqual(["event_id"]);
  });
});

describe("POST /api/events/forwarded", () => {
  const eventOf = async (who: Merchant, transactionId: string) =>
    (await call(events, who, { transaction_id: transactionId })).data.events as Row[];
  const forwarded = (eventId: unknown, extra: Row = {}) => ({
    event_id: eventId,
    url: "http://localhost:8080/callbacks",
    http_status: 204,
    latency_ms: 12,
    ...extra,
  });

  it("records the forward among the event's attempts, under the key, and leaves its delivery as it was", async () => {
    const [before] = await eventOf(shopA, a.paid);
    const stored = await findCallbackEvent(getDb(), before.event_id as string);
    const { response, data } = await call(forwardedRoute, shopA, forwarded(before.event_id));
    expect(response.status).toBe(200);
    const number = (before.attempts as Row[]).length + 1;
    expect(data).toMatchObject({ event_id: before.event_id, attempt: number, state: "forwarded" });
    const refused = await call(
      forwardedRoute,
      shopA,
      forwarded(before.event_id, { http_status: null, error: "no answer: ECONNREFUSED" }),
    );
    expect(refused.data).toMatchObject({ attempt: number + 1 });

    const [after] = await eventOf(shopA, a.paid);
    expect((after.attempts as Row[]).slice(-2)).toMatchObject([
      { number, state: "forwarded", url: "http://localhost:8080/callbacks", key_id: shopA.keyId, http_status: 204 },
      { number: number + 1, state: "forwarded", http_status: null, error: "no answer: ECONNREFUSED" },
    ]);
    const { status, scheduleStep, nextAttemptAt, deliveredAt } = stored!;
    expect(await findCallbackEvent(getDb(), before.event_id as string)).toMatchObject({
      status,
      scheduleStep,
      nextAttemptAt,
      deliveredAt,
      attempts: number + 1,
    });
    // The console's transaction page shows the same attempts.
    const detail = await getTransactionDetail(adminA, a.paid);
    expect(detail.callbacks[0].attempts.at(-1)).toMatchObject({ number: number + 1, state: "forwarded" });
  });

  it("keeps at most 50 forwarded attempts of an event: the 51st is a 409 and is not recorded", async () => {
    const [event] = await eventOf(shopB, b.paid);
    const forwardedSoFar = () =>
      getDb().callbackAttempt.count({ where: { eventId: event.event_id as string, forwarded: true } });
    while ((await forwardedSoFar()) < 50)
      expect((await call(forwardedRoute, shopB, forwarded(event.event_id, { http_status: 500 }))).response.status).toBe(
        200,
      );
    const refused = await call(forwardedRoute, shopB, forwarded(event.event_id));
    expect(refused.response.status).toBe(409);
    expect(refused.data.error).toMatchObject({
      type: "state_conflict",
      detail: expect.stringContaining("50 forwarded attempts"),
    });
    expect(await forwardedSoFar()).toBe(50);
  });

  it("answers 404 for another merchant's event, and 422 naming a bad field", async () => {
    const [ofB] = await eventOf(shopB, b.paid);
    const { response, data } = await call(forwardedRoute, shopA, forwarded(ofB.event_id));
    expect(response.status).toBe(404);
    expect(data.error).toMatchObject({ type: "not_found" });
    const refusals: [Row, string][] = [
      [{ event_id: undefined }, "event_id"],
      [{ url: "ftp://laptop/callbacks" }, "url"],
      [{ url: "not a url" }, "url"],
      [{ url: "http://dev:s3cret@localhost:8080/callbacks" }, "url"],
      [{ http_status: 42 }, "http_status"],
      [{ http_status: "204" }, "http_status"],
      [{ latency_ms: -1 }, "latency_ms"],
      [{ error: "x".repeat(501) }, "error"],
    ];
    for (const [extra, field] of refusals)
      expect(
        (await refusedFields(forwardedRoute, shopA, forwarded(ofB.event_id, extra))).map((f) => f.path),
        JSON.stringify(extra),
      ).toEqual([field]);
  });
});

describe("a merchant switched between sandbox and live", () => {
  it("shows each key the rows, money and events of its own mode only", async () => {
    const shop = await createTestMerchant({ name: "Loja Dupla", callbackUrl: receiver.url });
    const sandboxPaid = await created(pix, shop, pixDepositRequest({ amount: "20.00" }));
    await simulated(shop, sandboxPaid, "paid");
    await runCallbackWorker({ isOnce: true });
    const [sandboxEvent] = (await call(events, shop, {})).data.events as Row[];

    const live = await switchMerchantMode(operator, shop.merchantId, "live");
    expect(live.keyId).toMatch(/^mk_live_/);
    expect((await call(transactions, live, {})).data).toEqual({
      transactions: [],
      next_cursor: null,
      previous_cursor: null,
    });
    expect((await call(events, live, {})).data.events).toEqual([]);
    expect((await call(balance, live, {})).data).toEqual({
      mode: "live",
      currency: "BRL",
      available: "0.00",
      reserved: "0.00",
      pending: "0.00",
    });
    expect((await call(resend, live, { event_id: sandboxEvent.event_id })).response.status).toBe(404);

    // Live money through the PSP: one deposit paid at the PSP, one still pending.
    const livePaid = await created(pix, live, pixDepositRequest({ amount: "30.00" }));
    const livePending = await created(pix, live, pixDepositRequest({ amount: "4.00" }));
    await livePsp.simulator.pay((await findTransaction(getDb(), livePaid))!.pixTxid as string);
    await runCallbackWorker({ isOnce: true });
    expect(ids(allRows(await walk(transactions, live, {}, "transactions")))).toEqual([livePending, livePaid]);
    expect((await call(balance, live, {})).data).toMatchObject({ available: "30.00", pending: "4.00" });
    const liveEvents = (await call(events, live, {})).data.events as Row[];
    expect(liveEvents.map((event) => [event.transaction_id, event.type])).toEqual([[livePaid, "deposit.paid"]]);

    // Back to sandbox: the new sandbox key sees none of the live rows, money or events.
    const sandbox = await switchMerchantMode(operator, shop.merchantId, "sandbox");
    expect(ids(allRows(await walk(transactions, sandbox, {}, "transactions")))).toEqual([sandboxPaid]);
    expect((await call(balance, sandbox, {})).data).toEqual({
      mode: "sandbox",
      currency: "BRL",
      available: "20.00",
      reserved: "0.00",
      pending: "0.00",
    });
    expect(((await call(events, sandbox, {})).data.events as Row[]).map((event) => event.event_id)).toEqual([
      sandboxEvent.event_id,
    ]);
    expect((await call(resend, sandbox, { event_id: liveEvents[0].event_id })).response.status).toBe(404);
    // The console, which shows every mode, has both.
    expect((await consoleList(adminOf(shop.merchantId))).map((row) => row[0])).toEqual([
      livePending,
      livePaid,
      sandboxPaid,
    ]);
  });
});
