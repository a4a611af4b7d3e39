// npm run bench:pix [-- --seconds N]   (needs a build: npm run build)
// POST /api/pix requests per second and p50/p99 latency at 1, 16 and 64 connections, for the
// gateway as `next start` serves it and for a bare node:http baseline doing the same work
// (bench/baseline-pix-server.ts), each on a fresh SQLite database, one after the other.
// Every request carries its own token and reference, so each one creates a deposit.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { seconds: { type: "string", default: "8" } } });
const SECONDS = Number(values.seconds);
const CONNECTIONS = [1, 16, 64];
const KEY_ID = "mk_test_benchmark0001";
const SECRET = randomBytes(32).toString("base64url");

if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
  console.error("no build: run npm run build first");
  process.exit(2);
}

process.env.CASHIER_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.CASHIER_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
const { signRequestToken } = await import("../lib/envelope/sign-request-token");
const { applyMigrations } = await import("../lib/db/apply-migrations");
const { createMerchant } = await import("../lib/merchants/create-merchant");
const { createDb, disconnectDb, setDb } = await import("../lib/db/client");

type Result = { rps: number; p50: number; p99: number; non2xx: number };

async function tokens(count: number, run: string): Promise<string[]> {
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const data = {
      name: "Maria da Silva",
      email: "maria@example.com",
      cpf: "52998224725",
      amount: "10.50",
      currency: "BRL",
      reference: `${run}-${i}`,
      merchant_user: "bench",
      country: "BR",
      buyer_ip: "203.0.113.9",
    };
    bodies.push(JSON.stringify({ jwt: await signRequestToken({ keyId: KEY_ID, secret: SECRET, data, lifetimeSeconds: 300 }) }));
  }
  return bodies;
}

async function load(url: string, connections: number, run: string): Promise<Result> {
  const bodies = await tokens(Math.max(2000, 600 * SECONDS * Math.min(connections, 4)), run);
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
  if (next > bodies.length) console.warn(`  (ran out of fresh tokens: ${next - bodies.length} replays)`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

async function startServer(command: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", () => reject(new Error(`server exited:\n${output}`)));
  });
  return child;
}

async function database(): Promise<{ file: string; merchantId: string; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "cashier-bench-pix-"));
  const file = path.join(dir, "cashier.db");
  await applyMigrations(`file:${file}`);
  setDb(createDb(`file:${file}`));
  const { merchantId } = await createMerchant({ name: "Bench", keyId: KEY_ID, secret: SECRET });
  await disconnectDb();
  return { file, merchantId, dir };
}

async function measure(name: string, start: (db: { file: string; merchantId: string }, port: number) => Promise<ChildProcess>, port: number) {
  const results: Result[] = [];
  for (const connections of CONNECTIONS) {
    const db = await database();
    const server = await start(db, port);
    const url = `http://127.0.0.1:${port}/api/pix`;
    await load(url, 4, `warm-${connections}-${name}`);
    results.push(await load(url, connections, `${name}-${connections}`));
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(db.dir, { recursive: true, force: true });
  }
  return results;
}

console.log(`POST /api/pix, ${SECONDS} s per run, a fresh SQLite database per run`);
const gateway = await measure(
  "gateway",
  (db, port) =>
    startServer(
      [path.join(root, "node_modules/next/dist/bin/next"), "start", "--port", String(port), "--hostname", "127.0.0.1"],
      { DATABASE_URL: `file:${db.file}`, CALLBACK_WORKER: "false", NEXT_TELEMETRY_DISABLED: "1" },
      /Ready in/,
    ),
  3310,
);
const baseline = await measure(
  "baseline",
  (db, port) =>
    startServer(
      ["--import", "tsx", path.join(root, "bench/baseline-pix-server.ts"), String(port), db.file, KEY_ID, SECRET, db.merchantId],
      {},
      /ready/,
    ),
  3311,
);

const cell = (r: Result) => `${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)}`;
console.log(`\n${"conns".padEnd(6)} ${"gateway: req/s  p50   p99 (ms)".padEnd(30)} ${"baseline: req/s  p50   p99".padEnd(30)} ratio`);
CONNECTIONS.forEach((connections, i) => {
  const ratio = gateway[i].rps / baseline[i].rps;
  console.log(`${String(connections).padEnd(6)} ${cell(gateway[i]).padEnd(30)} ${cell(baseline[i]).padEnd(30)} ${ratio.toFixed(2)}`);
  if (gateway[i].non2xx + baseline[i].non2xx > 0) console.log(`       non-2xx answers: gateway ${gateway[i].non2xx}, baseline ${baseline[i].non2xx}`);
});
const at16 = CONNECTIONS.indexOf(16);
console.log(
  `\ngoal at 16 connections: ratio >= 0.60 (${(gateway[at16].rps / baseline[at16].rps).toFixed(2)}), p99 < 100 ms (${gateway[at16].p99} ms)`,
);
