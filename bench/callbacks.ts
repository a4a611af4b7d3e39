// npm run bench:callbacks [-- --events N]
// Deliveries per second from the outbox (claim with a lease, sign, POST, record the attempt) to a
// local receiver that answers 204 at once, on SQLite and on PostgreSQL. The baseline, measured in
// the same run against the same receiver: signing and POSTing the same number of tokens with the
// same parallelism and no database at all. The ratio says what the outbox's bookkeeping costs.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

process.env.CASHIER_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.CASHIER_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const { applyMigrations } = await import("../lib/db/apply-migrations");
const { createDb, getDb, setDb } = await import("../lib/db/client");
const { createMerchant } = await import("../lib/merchants/create-merchant");
const { enqueueCallback } = await import("../lib/callbacks/enqueue-callback");
const { runCallbackWorker } = await import("../lib/callbacks/run-callback-worker");
const { signToken } = await import("../lib/envelope/sign-token");
const { CALLBACK_TOKEN_LIFETIME_SECONDS, CALLBACK_TOKEN_TYPE } = await import("../lib/envelope/token-types");

const { values } = parseArgs({ options: { events: { type: "string", default: "2000" } } });
const EVENTS = Number(values.events);
const BATCH = 20; // the worker's batch: attempts in flight at once
const postgresUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

const receiver = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks`;
const agent = new http.Agent({ keepAlive: false });

async function baseline(): Promise<number> {
  const secret = randomBytes(32).toString("base64url");
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        receiverUrl,
        { method: "POST", agent, headers: { "content-type": "application/json" } },
        (response) => {
          response.resume();
          response.on("end", resolve);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: BATCH }, async () => {
      while (next < EVENTS) {
        next++;
        const jwt = await signToken({
          keyId: "mk_test_bench",
          secret,
          type: CALLBACK_TOKEN_TYPE,
          lifetimeSeconds: CALLBACK_TOKEN_LIFETIME_SECONDS,
          claims: { jti: `att_${next}`, data: { event_id: `evt_${next}` } },
        });
        await post(JSON.stringify({ jwt }));
      }
    }),
  );
  return EVENTS / ((performance.now() - started) / 1000);
}

async function outbox(databaseUrl: string): Promise<number> {
  await applyMigrations(databaseUrl);
  setDb(createDb(databaseUrl));
  const merchant = await createMerchant({ name: "Bench", callbackUrl: receiverUrl });
  for (let i = 0; i < EVENTS; i += 100) {
    await getDb().$transaction(async (tx) => {
      for (let j = i; j < Math.min(i + 100, EVENTS); j++) {
        await enqueueCallback(tx, {
          merchantId: merchant.merchantId,
          objectId: `dep_${j}`,
          requestId: null,
          mode: "sandbox",
          type: "deposit.paid",
          data: { id: `dep_${j}`, amount: "10.50" },
        });
      }
    });
  }
  const started = performance.now();
  const attempts = await runCallbackWorker({ isOnce: true });
  const seconds = (performance.now() - started) / 1000;
  const delivered = await getDb().callbackEvent.count({ where: { status: "delivered" } });
  await getDb().$disconnect();
  if (attempts !== EVENTS || delivered !== EVENTS)
    throw new Error(`expected ${EVENTS} deliveries, made ${attempts}, ${delivered} delivered`);
  return EVENTS / seconds;
}

async function onPostgres<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${postgresUrl}: skipped`);
    return null;
  }
  const name = `cashier_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`callback delivery, ${EVENTS} events, ${BATCH} in flight, receiver answers 204 at once`);
const base = await baseline();
const dir = mkdtempSync(path.join(tmpdir(), "cashier-bench-"));
const sqlite = await outbox(`file:${path.join(dir, "bench.db")}`);
rmSync(dir, { recursive: true, force: true });
const postgres = await onPostgres(outbox);
receiver.close();

const row = (name: string, perSecond: number | null) =>
  `${name.padEnd(36)} ${perSecond === null ? "skipped".padStart(10) : perSecond.toFixed(0).padStart(10)}  ${perSecond === null ? "" : `${(perSecond / base).toFixed(2)} x baseline`}`;
console.log(`${"".padEnd(36)} ${"per second".padStart(10)}`);
console.log(row("baseline: sign + POST, no database", base));
console.log(row("outbox on SQLite", sqlite));
console.log(row("outbox on PostgreSQL", postgres));
