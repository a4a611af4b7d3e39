// What must hold in the database once the soak's traffic has drained, read with plain read-only
// queries (never through the gateway's own code, so a fault there cannot hide itself): the ledger
// (every paid deposit credited once, every refund and payout held then debited or released once,
// no negative balance), the outbox (one callback per state change, each delivered once) against
// what the callback receiver saw, and the statuses the soak's own steps left.
import Database from "better-sqlite3";
import { decodeProtectedHeader, jwtVerify } from "jose";
import pg from "pg";
import type { SoakMerchant, Tracked } from "./soak-traffic";

type Row = Record<string, unknown>;

export type SoakDatabase = { query: (sql: string) => Promise<Row[]>; close: () => Promise<void> };

/** A read-only connection to a gateway's database (a SQLite file or PostgreSQL). */
export async function openSoakDatabase(url: string): Promise<SoakDatabase> {
  if (url.startsWith("file:")) {
    const db = new Database(url.slice("file:".length).split("?")[0], { readonly: true, fileMustExist: true });
    return {
      query: async (sql) => db.prepare(sql).safeIntegers(true).all() as Row[],
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Read-only per transaction, not per session: through a pooler in transaction mode (PgBouncer) a
  // session's setting would stay on a server connection the gateway's own writes then get.
  const query = async (sql: string) => {
    await client.query("BEGIN TRANSACTION READ ONLY");
    try {
      return (await client.query(sql)).rows as Row[];
    } finally {
      await client.query("COMMIT");
    }
  };
  return { query, close: () => client.end() };
}

/** Callbacks still waiting in the outbox: the drain waits for none. */
export async function countPendingCallbacks(db: SoakDatabase): Promise<number> {
  const [row] = await db.query(`SELECT COUNT(*) AS "count" FROM "CallbackEvent" WHERE "status" = 'pending'`);
  return Number(row.count);
}

export type ReceivedCallback = {
  path: string;
  jwt: string;
  data: Record<string, unknown>;
  receivedAt: number;
  status: number;
};

export type Invariant = { name: string; checked: number; violations: string[] };

const cents = (value: unknown) => BigInt(String(value));
const FINAL_CALLBACKS: Record<string, Record<string, string>> = {
  deposit: { paid: "deposit.paid", failed: "deposit.failed", expired: "deposit.expired" },
  payout: { completed: "gateway_out.completed", canceled: "gateway_out.canceled" },
  refund: { completed: "refund.completed", failed: "refund.failed" },
};

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

const sum = (rows: Row[], column: string) => rows.reduce((total, row) => total + cents(row[column]), 0n);

export async function checkInvariants(options: {
  db: SoakDatabase;
  merchants: SoakMerchant[];
  received: ReceivedCallback[];
  tracked: Map<string, Tracked>;
}): Promise<Invariant[]> {
  const { db } = options;
  const transactions = await db.query(
    `SELECT "id", "merchantId", "operation", "status", "amountCents", "mode" FROM "Transaction"`,
  );
  const ledger = await db.query(
    `SELECT "merchantId", "mode", "kind", "transactionId", "availableDeltaCents", "reservedDeltaCents" FROM "LedgerEntry"`,
  );
  const refunds = await db.query(`SELECT "id", "depositId", "status", "amountCents" FROM "Refund"`);
  const events = await db.query(
    `SELECT "id", "merchantId", "type", "status", "objectId", "attempts" FROM "CallbackEvent"`,
  );
  const attempts = await db.query(`SELECT "eventId", "number", "isSuccess", "finishedAt" FROM "CallbackAttempt"`);

  const entriesOf = group(
    ledger.filter((entry) => entry.transactionId !== null),
    (entry) => `${entry.transactionId} ${entry.kind}`,
  );
  const entries = (id: unknown, kind: string) => entriesOf.get(`${id} ${kind}`) ?? [];
  const refundsOf = group(refunds, (refund) => String(refund.depositId));
  const deposits = transactions.filter((t) => t.operation !== "gateway_out");
  const payouts = transactions.filter((t) => t.operation === "gateway_out");

  const credited: Invariant = { name: "every paid deposit credited exactly once", checked: 0, violations: [] };
  for (const deposit of deposits) {
    credited.checked++;
    const credits = entries(deposit.id, "credit");
    const isPaid = deposit.status === "paid";
    if (credits.length !== (isPaid ? 1 : 0))
      credited.violations.push(`${deposit.id} (${deposit.status}): ${credits.length} credits`);
    else if (isPaid && sum(credits, "availableDeltaCents") !== cents(deposit.amountCents))
      credited.violations.push(
        `${deposit.id}: credited ${sum(credits, "availableDeltaCents")} of ${deposit.amountCents}`,
      );
  }

  const refunded: Invariant = {
    name: "every refund held once, then debited once (none left pending)",
    checked: 0,
    violations: [],
  };
  for (const deposit of deposits) {
    const own = refundsOf.get(String(deposit.id)) ?? [];
    if (own.length === 0 && entries(deposit.id, "reserve").length === 0) continue;
    refunded.checked += own.length;
    const byStatus = (status: string) => own.filter((refund) => refund.status === status);
    const problems = [
      own.length > 0 && deposit.status !== "paid" ? `refunded while ${deposit.status}` : null,
      sum(own, "amountCents") - sum(byStatus("failed"), "amountCents") > cents(deposit.amountCents)
        ? `refunds exceed the paid ${deposit.amountCents}`
        : null,
      byStatus("pending").length > 0 ? `${byStatus("pending").length} refunds still pending` : null,
      entries(deposit.id, "reserve").length !== own.length ? `${entries(deposit.id, "reserve").length} holds` : null,
      -sum(entries(deposit.id, "reserve"), "availableDeltaCents") !== sum(own, "amountCents")
        ? "holds ≠ refunds"
        : null,
      entries(deposit.id, "debit").length !== byStatus("completed").length ||
      -sum(entries(deposit.id, "debit"), "reservedDeltaCents") !== sum(byStatus("completed"), "amountCents")
        ? "debits ≠ completed refunds"
        : null,
      entries(deposit.id, "release").length !== byStatus("failed").length ? "releases ≠ failed refunds" : null,
    ].filter(Boolean);
    if (problems.length > 0) refunded.violations.push(`${deposit.id}: ${problems.join("; ")}`);
  }

  const paidOut: Invariant = {
    name: "every payout reserved once, then debited or released once (none left unmarked)",
    checked: 0,
    violations: [],
  };
  for (const payout of payouts) {
    paidOut.checked++;
    const amount = cents(payout.amountCents);
    const reserves = entries(payout.id, "reserve");
    const endings = { completed: entries(payout.id, "debit"), canceled: entries(payout.id, "release") };
    const problems = [
      payout.status !== "completed" && payout.status !== "canceled" ? `left ${payout.status}` : null,
      reserves.length !== 1 || -sum(reserves, "availableDeltaCents") !== amount ? `${reserves.length} reserves` : null,
      endings.completed.length !== (payout.status === "completed" ? 1 : 0)
        ? `${endings.completed.length} debits`
        : null,
      endings.canceled.length !== (payout.status === "canceled" ? 1 : 0) ? `${endings.canceled.length} releases` : null,
      [...endings.completed, ...endings.canceled].some((entry) => -cents(entry.reservedDeltaCents) !== amount)
        ? "ended for another amount"
        : null,
    ].filter(Boolean);
    if (problems.length > 0) paidOut.violations.push(`${payout.id}: ${problems.join("; ")}`);
  }

  const balances: Invariant = {
    name: "no negative balance, nothing left reserved",
    checked: 0,
    violations: [],
  };
  for (const [key, own] of group(ledger, (entry) => `${entry.merchantId} ${entry.mode}`)) {
    balances.checked++;
    const available = sum(own, "availableDeltaCents");
    const reserved = sum(own, "reservedDeltaCents");
    if (available < 0n || reserved !== 0n)
      balances.violations.push(`${key}: available ${available}, reserved ${reserved} (centavos)`);
  }

  // Each final state caused exactly one callback of its type, and no callback came from anything else.
  const oneCallback: Invariant = { name: "every state change has exactly one callback", checked: 0, violations: [] };
  const eventsOf = group(events, (event) => String(event.objectId));
  const objects = [
    ...deposits.map((row) => ({ kind: "deposit", row })),
    ...payouts.map((row) => ({ kind: "payout", row })),
    ...refunds.map((row) => ({ kind: "refund", row })),
  ];
  const explained = new Set<unknown>();
  for (const { kind, row } of objects) {
    const type = FINAL_CALLBACKS[kind][String(row.status)];
    const own = eventsOf.get(String(row.id)) ?? [];
    for (const event of own) explained.add(event.id);
    if (!type && own.length === 0) continue;
    oneCallback.checked++;
    if (own.length !== (type ? 1 : 0) || (type && own[0].type !== type))
      oneCallback.violations.push(`${row.id} (${row.status}): ${own.map((event) => event.type).join(", ") || "none"}`);
  }
  for (const event of events)
    if (!explained.has(event.id)) oneCallback.violations.push(`${event.id} (${event.type}) reports nothing known`);

  const attemptsOf = group(attempts, (attempt) => String(attempt.eventId));
  const outbox: Invariant = { name: "every callback delivered exactly once (outbox)", checked: 0, violations: [] };
  for (const event of events) {
    outbox.checked++;
    const own = (attemptsOf.get(String(event.id)) ?? []).sort((a, b) => Number(a.number) - Number(b.number));
    const successes = own.filter((attempt) => Boolean(Number(attempt.isSuccess)));
    const problems = [
      event.status !== "delivered" ? `status ${event.status}` : null,
      successes.length !== 1 ? `${successes.length} successful attempts` : null,
      own.length > 0 && !Number(own[own.length - 1].isSuccess) ? "an attempt after the success" : null,
      own.some((attempt) => attempt.finishedAt === null) ? "an attempt never finished" : null,
      Number(event.attempts) !== own.length ? `attempts ${event.attempts} but ${own.length} recorded` : null,
    ].filter(Boolean);
    if (problems.length > 0) outbox.violations.push(`${event.id} (${event.type}): ${problems.join("; ")}`);
  }

  const receiver: Invariant = { name: "every callback delivered exactly once (receiver)", checked: 0, violations: [] };
  const secrets = new Map(options.merchants.map((merchant) => [merchant.keyId, merchant.secret]));
  const receivedOf = group(options.received, (callback) => String(callback.data.event_id ?? ""));
  const eventById = new Map(events.map((event) => [String(event.id), event]));
  for (const eventId of receivedOf.keys())
    if (!eventById.has(eventId)) receiver.violations.push(`${eventId || "(no event_id)"}: received, not in the outbox`);
  for (const event of events) {
    receiver.checked++;
    const own = receivedOf.get(String(event.id)) ?? [];
    const answered = own.filter((callback) => callback.status >= 200 && callback.status < 300).length;
    const recorded = attemptsOf.get(String(event.id))?.length ?? 0;
    const problems = [
      answered !== 1 ? `answered 2xx ${answered} times` : null,
      own.length !== recorded ? `received ${own.length} times, ${recorded} attempts recorded` : null,
    ];
    for (const callback of own) {
      const secret = secrets.get(String(safeHeader(callback.jwt).kid)) ?? "";
      // As the merchant verifies it when it arrives.
      const verified = await jwtVerify(callback.jwt, new TextEncoder().encode(secret), {
        algorithms: ["HS256"],
        typ: "cashier-callback+jwt",
        currentDate: new Date(callback.receivedAt),
      }).catch((error: Error) => error);
      if (verified instanceof Error) problems.push(`a token that does not verify: ${verified.message}`);
      else if ((verified.payload.data as { type?: unknown }).type !== event.type) problems.push("another type");
    }
    const found = problems.filter(Boolean);
    if (found.length > 0) receiver.violations.push(`${event.id} (${event.type}): ${[...new Set(found)].join("; ")}`);
  }

  // What the soak's own steps settled must be what the gateway holds.
  const agreed: Invariant = { name: "every status the soak settled is stored", checked: 0, violations: [] };
  const statusOf = new Map([...transactions, ...refunds].map((row) => [String(row.id), String(row.status)]));
  for (const entry of options.tracked.values()) {
    if (entry.status === null) continue;
    agreed.checked++;
    const stored = statusOf.get(entry.id);
    if (stored !== entry.status)
      agreed.violations.push(`${entry.kind} ${entry.id}: ${stored} instead of ${entry.status}`);
  }

  return [credited, refunded, paidOut, balances, oneCallback, outbox, receiver, agreed];
}

function safeHeader(jwt: string): { kid?: string } {
  try {
    return decodeProtectedHeader(jwt);
  } catch {
    return {};
  }
}
