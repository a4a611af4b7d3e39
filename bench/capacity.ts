// npm run bench:capacity [-- RATE…] (after npm run build; PostgreSQL at TEST_POSTGRES_URL)
// Issue 40: the capacity table of docs/operating.md#capacity, computed from costs measured here
// rather than typed. The built gateway (npm start, WEB_CONCURRENCY workers) runs on a fresh
// PostgreSQL database through bench/pg-wire-counter, which counts what reaches the database. For
// each operation, REQUESTS requests at CONNECTIONS connections, then SETTLE_MS for the work they
// leave behind (a sandbox payout's settlement), less what the idle instance does in that time:
// the server's CPU, round trips, the database's time for them, statements, transactions that
// wrote and rows written, per request. Then, for each rate (requests a second; 100 and 1,000
// unless named), what it needs: cores and worker processes, database connections busy, commits
// and rows a second, and whether processes × DATABASE_POOL_SIZE outgrows PostgreSQL's connections.
import autocannon from "autocannon";
import { existsSync } from "node:fs";
import { builtEntry } from "../scripts/runtime-layout";
import {
  ARGUMENTS,
  KEY_ID,
  SECRET,
  cpuMs,
  freshDatabase,
  residentMb,
  root,
  signedBodies,
  startGateway,
  stopServer,
} from "./harness";
import { startWireCounter, type WireCounts } from "./pg-wire-counter";
import { pixData } from "./pix-data";
import { statusRequests } from "./status-data";

const { pixPayoutRequest } = await import("../test/support/requests");

const REQUESTS = 2000;
const CONNECTIONS = 16;
const IDLE_SECONDS = 10;
const SETTLE_MS = 3000;
const RATES = ARGUMENTS.length > 0 ? ARGUMENTS.map(Number) : [100, 1000];
// The planning assumptions, printed with the table: a core kept at 70% leaves room for bursts and
// for the background jobs; each round trip to a database in another zone adds about half a
// millisecond; PostgreSQL's default max_connections is 100, of which 10 are kept for operators,
// migrations and replication; the gateway's pool is DATABASE_POOL_SIZE, 10 by default.
const CORE_UTILISATION = 0.7;
const NETWORK_RTT_MS = 0.5;
const DATABASE_CONNECTIONS = 90;
const POOL_SIZE = 10;

if (!existsSync(builtEntry(root, "start"))) {
  console.error("no build: run npm run build first");
  process.exit(2);
}

const status = statusRequests();
type Operation = {
  name: string;
  path: string;
  data: (i: number, run: string) => Record<string, unknown>;
  /** The key request i is signed with: the bench merchant's unless named. */
  keyOf?: (i: number) => string;
};
// Payouts are spread over as many merchants as connections: one merchant's payouts wait for each
// other under its funds lock by design (bench:ledger times them), which is not a capacity figure.
const payingKeys = Array.from({ length: CONNECTIONS }, (_, i) => `mk_test_capacity${String(i).padStart(4, "0")}`);
const operations: Operation[] = [
  { name: "Pix create (POST /api/pix)", path: "/api/pix", data: pixData },
  { name: "status read (POST /api/status)", path: "/api/status", data: status.data },
  {
    name: "payout (POST /api/gateway-out)",
    path: "/api/gateway-out",
    data: (i, run) => ({ ...pixPayoutRequest("1.00"), reference: `${run}-${i}` }),
    keyOf: (i) => payingKeys[i % payingKeys.length],
  },
];

const db = await freshDatabase("postgres", async () => {
  await status.seed?.();
  const { findSigningKey } = await import("../lib/merchants/find-signing-key");
  const { fundSandboxMerchant } = await import("../lib/funds/fund-sandbox-merchant");
  const { createMerchant } = await import("../lib/merchants/create-merchant");
  if (!(await findSigningKey(KEY_ID))) throw new Error("the bench key is missing");
  for (const keyId of payingKeys) {
    const { merchantId } = await createMerchant({ name: `Capacity ${keyId}`, keyId, secret: SECRET });
    await fundSandboxMerchant(merchantId, "1000000.00");
  }
});
if (!db) {
  console.error("PostgreSQL is not reachable at TEST_POSTGRES_URL: the capacity bench measures PostgreSQL only");
  process.exit(2);
}

const databaseUrl = new URL(db.url);
const counter = await startWireCounter({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
const proxiedUrl = new URL(db.url);
proxiedUrl.port = String(counter.port);
const port = 3330;
const server = await startGateway(proxiedUrl.toString(), port);
const pid = server.pid as number;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Sample = WireCounts & { cpuMs: number; at: number };
const sample = (): Sample => ({ ...counter.read(), cpuMs: cpuMs(pid), at: performance.now() });
const KEYS = ["roundTrips", "serverMs", "statements", "writeCommits", "rowsWritten", "cpuMs"] as const;
type Costs = Record<(typeof KEYS)[number], number>;
const delta = (from: Sample, to: Sample): Costs =>
  Object.fromEntries(KEYS.map((key) => [key, to[key] - from[key]])) as Costs;

async function send(operation: Operation, count: number, connections: number, run: string): Promise<void> {
  const bodies = await signedBodies(count, (i) => operation.data(i, run), operation.keyOf);
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${operation.path}`,
    connections,
    amount: count,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++] }) }],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${operation.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
}

// Warm: every route compiled and its statements prepared, in every worker.
for (const operation of operations) await send(operation, 300, 4, `warm-${Date.now()}`);
await sleep(SETTLE_MS);

const idleFrom = sample();
await sleep(IDLE_SECONDS * 1000);
const idleTo = sample();
const idleSeconds = (idleTo.at - idleFrom.at) / 1000;
const idlePerSecond = Object.fromEntries(
  Object.entries(delta(idleFrom, idleTo)).map(([key, value]) => [key, value / idleSeconds]),
) as Costs;
const workers = residentMb(pid).length - 1;

const measured: { operation: Operation; perRequest: Costs }[] = [];
for (const operation of operations) {
  const from = sample();
  await send(operation, REQUESTS, CONNECTIONS, `run-${Date.now()}`);
  await sleep(SETTLE_MS);
  const to = sample();
  const seconds = (to.at - from.at) / 1000;
  const costs = delta(from, to);
  const perRequest = Object.fromEntries(
    KEYS.map((key) => [key, Math.max(0, costs[key] - idlePerSecond[key] * seconds) / REQUESTS]),
  ) as Costs;
  measured.push({ operation, perRequest });
}

await stopServer(server);
await counter.close();
await db.drop();

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const whole = (value: number) => Math.ceil(value).toLocaleString("en-US");

console.log(
  `\nMeasured on this machine: the built gateway, ${workers} workers (WEB_CONCURRENCY), PostgreSQL on localhost; ` +
    `${REQUESTS} requests per operation at ${CONNECTIONS} connections, less the idle instance's own work.\n`,
);
console.log("| Operation | CPU ms | round trips | database ms | statements | commits that wrote | rows written |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const { operation, perRequest: cost } of measured)
  console.log(
    `| ${operation.name} | ${fixed(cost.cpuMs)} | ${fixed(cost.roundTrips, 1)} | ${fixed(cost.serverMs)} | ${fixed(cost.statements, 1)} | ${fixed(cost.writeCommits, 1)} | ${fixed(cost.rowsWritten, 1)} |`,
  );
console.log(
  `| the idle instance, a second | ${fixed(idlePerSecond.cpuMs)} | ${fixed(idlePerSecond.roundTrips, 1)} | ${fixed(idlePerSecond.serverMs)} | ${fixed(idlePerSecond.statements, 1)} | ${fixed(idlePerSecond.writeCommits, 1)} | ${fixed(idlePerSecond.rowsWritten, 1)} |`,
);

console.log(
  `\nWhat a rate of one operation needs: cores at ${CORE_UTILISATION * 100}% busy, one worker process a core; ` +
    `connections busy = rate × (database ms + round trips × ${NETWORK_RTT_MS} ms of network) (Little's law); ` +
    `the pools hold processes × ${POOL_SIZE} (DATABASE_POOL_SIZE), against ${DATABASE_CONNECTIONS} of PostgreSQL's 100 connections; ` +
    `a merchant alone at that rate needs --rate-limit of at least rate × 60.\n`,
);
console.log(
  "| Operation | a second | cores | worker processes | connections busy | pooled connections | commits a second | rows a second | round trips a second | merchant --rate-limit |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const rate of RATES) {
  for (const { operation, perRequest: cost } of measured) {
    const cores = (rate * cost.cpuMs) / 1000;
    const processes = Math.max(1, Math.ceil(cores / CORE_UTILISATION));
    const busy = (rate * (cost.serverMs + cost.roundTrips * NETWORK_RTT_MS)) / 1000;
    const pooled = processes * POOL_SIZE;
    const pooling = pooled > DATABASE_CONNECTIONS ? `${whole(pooled)}: PgBouncer` : whole(pooled);
    const roundTrips = rate * cost.roundTrips + (processes / Math.max(1, workers)) * idlePerSecond.roundTrips;
    console.log(
      `| ${operation.name} | ${whole(rate)} | ${fixed(cores, 1)} | ${whole(processes)} | ${fixed(busy, 1)} | ${pooling} | ${whole(rate * cost.writeCommits)} | ${whole(rate * cost.rowsWritten)} | ${whole(roundTrips)} | ${whole(rate * 60)} |`,
    );
  }
}
