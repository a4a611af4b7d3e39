// What every HTTP benchmark shares: a fresh database per run (SQLite file or a PostgreSQL database
// of its own, created and dropped), a merchant with a known key, the gateway as `npm start` serves
// it (scripts/npm-start.mjs), the Next.js floor (bench/next-floor: the baseline's work in a route
// handler, as many processes as the gateway) and a bare node:http baseline
// (bench/baseline-server.ts) on the same database, autocannon at 1, 16 and 64 connections, and a
// table of the three with the gateway's and the floor's ratio to the baseline.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { build } from "esbuild";
import pg from "pg";
import { builtEntry } from "../scripts/runtime-layout";
import { readProcessTree } from "../test/support/process-tree";

export const root = path.resolve(import.meta.dirname, "..");
const { values, positionals } = parseArgs({
  options: { seconds: { type: "string", default: "4" }, database: { type: "string", default: "sqlite,postgres" } },
  allowPositionals: true,
});
/** What a script names beyond the options (bench/profile.ts: the route). */
export const ARGUMENTS = positionals;
export const SECONDS = Number(values.seconds);
/** The databases --database names, in its order (both unless it says otherwise). */
export const DATABASES = values.database.split(",");
const CONNECTIONS = [1, 16, 64];
export const KEY_ID = "mk_test_benchmark0001";
export const SECRET = randomBytes(32).toString("base64url");
const postgresUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

const floorDir = path.join(root, "bench/next-floor");

// The floor's server compiled to JavaScript, as the gateway's entries are (scripts/build-runtime.ts):
// both run on plain node, so neither's figures carry a loader the other has not.
const floorServer = path.join(floorDir, "serve.mjs");

/**
 * Fails early, before any database is made, when there is no gateway build to serve; builds the
 * floor app every time (about ten seconds), so it always runs the baseline's current work.
 */
export async function requireBuild(): Promise<void> {
  if (!existsSync(builtEntry(root, "start"))) {
    console.error("no build: run npm run build first");
    process.exit(2);
  }
  execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
    cwd: floorDir,
    stdio: "ignore",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  await build({
    entryPoints: [path.join(floorDir, "serve.ts")],
    outfile: floorServer,
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "warning",
  });
}

process.env.CASHIER_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.CASHIER_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
const { signRequestToken } = await import("../lib/envelope/sign-request-token");
const { applyMigrations } = await import("../lib/db/apply-migrations");
const { createMerchant } = await import("../lib/merchants/create-merchant");
const { createDb, disconnectDb, setDb } = await import("../lib/db/client");

export type Result = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  rssMb: number[];
  /** The server's CPU time (every process of it) over the measured run, per request answered. */
  cpuMsPerRequest: number;
};

/**
 * One request body per token: each carries its own data, so nothing repeats within a run. Signed
 * with the bench merchant's key, or the key `keyOf` names (made with SECRET).
 */
export async function signedBodies(
  count: number,
  data: (i: number) => Record<string, unknown>,
  keyOf: (i: number) => string = () => KEY_ID,
): Promise<string[]> {
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    bodies.push(
      JSON.stringify({
        jwt: await signRequestToken({ keyId: keyOf(i), secret: SECRET, data: data(i), lifetimeSeconds: 300 }),
      }),
    );
  }
  return bodies;
}

/**
 * A process and its descendant node processes (cluster workers). Helpers of other programs (tsx's
 * esbuild service, where the floor runs under tsx) are left out of the server's figures.
 */
const nodeTree = (pid: number) => readProcessTree(pid).filter((row) => path.basename(row.exe).startsWith("node"));

/** Resident memory of a process and its children, in MB (parents first), read while it serves. */
export const residentMb = (pid: number) => nodeTree(pid).map((row) => Math.round(row.rssKb / 1024));

const clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/**
 * CPU time (user + system) a process and its children have used so far, in ms, from /proc: it
 * holds better than requests per second on a machine the load generator shares. A child that
 * exits between two reads takes its time with it, as for any process that exits.
 */
export const cpuMs = (pid: number) => (nodeTree(pid).reduce((sum, row) => sum + row.cpuTicks, 0) * 1000) / clockTicks;

async function load(
  url: string,
  connections: number,
  seconds: number,
  bodies: string[],
  server: ChildProcess,
): Promise<Result> {
  let next = 0;
  let rssMb: number[] = [];
  const sample = setTimeout(() => (rssMb = residentMb(server.pid as number)), (seconds * 1000) / 2);
  const cpuBefore = cpuMs(server.pid as number);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
  const cpuUsed = cpuMs(server.pid as number) - cpuBefore;
  clearTimeout(sample);
  if (next > bodies.length) console.warn(`  (ran out of fresh tokens: ${next - bodies.length} repeats)`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    rssMb,
    cpuMsPerRequest: cpuUsed / Math.max(1, result.requests.total),
  };
}

/** A second of warm-up at 4 connections, then the measured run; every request with its own token. */
export async function loadOnce(
  url: string,
  connections: number,
  seconds: number,
  data: Bench["data"],
  server: ChildProcess,
): Promise<Result> {
  const run = `${connections}-${randomBytes(3).toString("hex")}`;
  await load(url, 4, 1, await signedBodies(3000, (i) => data(i, `warm-${run}`)), server);
  // Enough for the fastest server here (the bare status baseline answers several thousand a second).
  const count = Math.max(2000, 1500 * seconds * Math.min(connections, 4));
  return load(url, connections, seconds, await signedBodies(count, (i) => data(i, run)), server);
}

export async function startServer(
  command: string[],
  env: Record<string, string>,
  ready: RegExp,
  cwd = root,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
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

export async function stopServer(server: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null)
    throw new Error(`the server under test exited during the run (${server.exitCode ?? server.signalCode})`);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill(signal);
  await exited;
}

/** The gateway as npm start runs it, on DATABASE_URL; WEB_CONCURRENCY passes through. */
export function startGateway(databaseUrl: string, port: number, nodeArgs: string[] = []): Promise<ChildProcess> {
  return startServer(
    [...nodeArgs, path.join(root, "scripts/npm-start.mjs")],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      CASHIER_SEED_DEMO: "false",
      NEXT_TELEMETRY_DISABLED: "1",
      RATE_LIMIT_REQUESTS: "10000000",
    },
    /Ready in/,
  );
}

type Database = { label: string; url: string; drop: () => Promise<void> };

/** The Next.js floor (bench/next-floor) on the database, with as many workers as WEB_CONCURRENCY. */
export function startFloor(db: Database & { merchantId: string }, port: number): Promise<ChildProcess> {
  const env = {
    FLOOR_DATABASE_URL: db.url,
    FLOOR_KEY_ID: KEY_ID,
    FLOOR_SECRET: SECRET,
    FLOOR_MERCHANT_ID: db.merchantId,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  return startServer([floorServer, String(port)], env, /Ready in/, floorDir);
}

async function sqliteDatabase(): Promise<Database> {
  const dir = mkdtempSync(path.join(tmpdir(), "cashier-bench-"));
  return {
    label: "SQLite",
    url: `file:${path.join(dir, "cashier.db")}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(): Promise<Database | null> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `cashier_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    label: "PostgreSQL",
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A fresh database of the kind with the bench merchant, seeded; null when PostgreSQL is unreachable. */
export async function freshDatabase(
  kind: string,
  seed: () => Promise<void>,
): Promise<(Database & { merchantId: string }) | null> {
  const database = kind === "postgres" ? await postgresDatabase() : await sqliteDatabase();
  if (!database) return null;
  await applyMigrations(database.url);
  setDb(createDb(database.url));
  const { merchantId } = await createMerchant({ name: "Bench", keyId: KEY_ID, secret: SECRET });
  await seed();
  await disconnectDb();
  return { ...database, merchantId };
}

/** What the issue asks of the gateway at 16 and 64 connections (bench/README.md): printed met or missed. */
export type Goals = {
  floorRatioAt16: number;
  p99At16Ms: number;
  p99At64Ms?: number;
  cpuToFloor?: number;
  rssPerWorkerMb?: number;
};

export type Bench = {
  /** The route, such as /api/pix. */
  path: string;
  /** The data of request i of a run named run. */
  data: (i: number, run: string) => Record<string, unknown>;
  /** Writes what the requests need (on the process's database, set by the harness). */
  seed?: () => Promise<void>;
  goals: Goals;
};

const cell = (r: Result) => `${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)}`;

const SIDES = ["gateway", "floor", "baseline"] as const;

function startSide(
  side: (typeof SIDES)[number],
  db: Database & { merchantId: string },
  port: number,
): Promise<ChildProcess> {
  if (side === "gateway") return startGateway(db.url, port);
  if (side === "floor") return startFloor(db, port);
  return startServer(
    [
      "--import",
      "tsx",
      path.join(root, "bench/baseline-server.ts"),
      String(port),
      db.url,
      KEY_ID,
      SECRET,
      db.merchantId,
    ],
    {},
    /ready/,
  );
}

const verdict = (isMet: boolean) => (isMet ? "met" : "MISSED");

/** The headline of one database: the gateway against the Next.js floor, each goal met or missed. */
function headline(label: string, at16: Result[], at64: Result[] | null, goals: Goals): string[] {
  const [gateway, floor] = at16;
  const ratio = gateway.rps / floor.rps;
  const cpu = gateway.cpuMsPerRequest / floor.cpuMsPerRequest;
  const lines = [
    `${label}: the gateway at ${ratio.toFixed(2)}× the Next.js floor's req/s at 16 connections (goal ≥ ${goals.floorRatioAt16}×: ${verdict(ratio >= goals.floorRatioAt16)})`,
    `  p99 at 16 connections ${gateway.p99} ms (goal < ${goals.p99At16Ms} ms: ${verdict(gateway.p99 < goals.p99At16Ms)})`,
  ];
  if (goals.p99At64Ms !== undefined && at64)
    lines.push(
      `  p99 at 64 connections ${at64[0].p99} ms (goal < ${goals.p99At64Ms} ms: ${verdict(at64[0].p99 < goals.p99At64Ms)})`,
    );
  lines.push(
    `  CPU per request ${gateway.cpuMsPerRequest.toFixed(2)} ms, the floor's ${floor.cpuMsPerRequest.toFixed(2)} ms: ${cpu.toFixed(2)}×` +
      (goals.cpuToFloor === undefined ? "" : ` (goal ≤ ${goals.cpuToFloor}×: ${verdict(cpu <= goals.cpuToFloor)})`),
    `  resident memory per worker under load: ${gateway.rssMb.slice(1).join(", ")} MB (primary ${gateway.rssMb[0]} MB); the floor's ${floor.rssMb.slice(1).join(", ")} MB` +
      (goals.rssPerWorkerMb === undefined
        ? ""
        : ` (goal ≤ ${goals.rssPerWorkerMb} MB: ${verdict(Math.max(...gateway.rssMb.slice(1)) <= goals.rssPerWorkerMb)})`),
  );
  return lines;
}

/**
 * Runs the gateway, the floor and the baseline at each connection count on each database, prints
 * the table and the headline, and fails (exit code 1) when any server refused any request: a
 * refused request is answered faster than a served one, so a figure with refusals would flatter.
 */
export async function runBench(bench: Bench): Promise<void> {
  const concurrency = process.env.WEB_CONCURRENCY ?? "the default";
  console.log(`POST ${bench.path}, ${SECONDS} s per run, a fresh database per run, WEB_CONCURRENCY ${concurrency}`);
  const headlines: string[] = [];
  let refusals = 0;
  for (const kind of DATABASES) {
    const label = kind === "postgres" ? "PostgreSQL" : "SQLite";
    const rows: string[] = [];
    const byConnections = new Map<number, Result[]>();
    for (const connections of CONNECTIONS) {
      const results: Result[] = [];
      for (const [i, side] of SIDES.entries()) {
        const db = await freshDatabase(kind, bench.seed ?? (async () => undefined));
        if (!db) {
          console.log(`\n${kind}: PostgreSQL not reachable at ${postgresUrl}: skipped`);
          break;
        }
        const port = 3310 + i;
        const server = await startSide(side, db, port);
        results.push(await loadOnce(`http://127.0.0.1:${port}${bench.path}`, connections, SECONDS, bench.data, server));
        await stopServer(server);
        await db.drop();
      }
      if (results.length < SIDES.length) break;
      byConnections.set(connections, results);
      const [gateway, floor, baseline] = results;
      const rss = `${gateway.rssMb.join("+")} MB`;
      rows.push(
        `${String(connections).padEnd(6)} ${cell(gateway).padEnd(20)} ${rss.padEnd(16)} ${cell(floor).padEnd(20)} ${cell(baseline).padEnd(20)} ${(gateway.rps / floor.rps).toFixed(2).padEnd(9)} ${(floor.rps / baseline.rps).toFixed(2)}`,
        `       CPU ms per request: ${SIDES.map((side, j) => `${side} ${results[j].cpuMsPerRequest.toFixed(2)}`).join(", ")}`,
      );
      const refused = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      if (refused > 0) {
        refusals += refused;
        rows.push(
          `       REFUSED (non-2xx/errors): ${SIDES.map((side, j) => `${side} ${results[j].non2xx}/${results[j].errors}`).join(", ")}`,
        );
      }
    }
    const at16 = byConnections.get(16);
    if (!at16) continue;
    console.log(`\n${label}`);
    console.log(
      `${"conns".padEnd(6)} ${"gateway req/s p50 p99".padEnd(20)} ${"gateway RSS".padEnd(16)} ${"floor req/s p50 p99".padEnd(20)} ${"baseline req/s p50 p99".padEnd(20)} gw/floor  floor/baseline`,
    );
    for (const row of rows) console.log(row);
    headlines.push(...headline(label, at16, byConnections.get(64) ?? null, bench.goals));
  }
  console.log(`\n${headlines.join("\n")}`);
  console.log(refusals === 0 ? "every request of every run was answered 2xx" : `${refusals} requests REFUSED`);
  if (refusals > 0) process.exitCode = 1;
}
