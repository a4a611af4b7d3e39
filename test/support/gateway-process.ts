// The production build served by `npm start`'s own script in a process of its own, on a database
// of its own (SQLite, or PostgreSQL on TEST_POSTGRES_URL's server), optionally counting its rate
// limits in Redis: what the end-to-end specs that need a second database and the soak start.
// Needs a build (`npm run build`); scripts/test.ts makes one before the end-to-end tests.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cashierCli } from "./run-tool";
import { type TestDatabase, createTestDatabase } from "./test-database";

const root = path.resolve(import.meta.dirname, "../..");
/** What npm start runs: node on this file, which runs the build's primary (scripts/npm-start.mjs). */
export const START_SCRIPT = path.join(root, "scripts/npm-start.mjs");

export type GatewayOptions = {
  database: "sqlite" | "postgres";
  port: number;
  /** Count rate limits in this Redis (shared by every process given it). */
  redisUrl?: string;
  /** Further environment, over the defaults below. */
  env?: Record<string, string>;
  /** Serve the database of another gateway started here (a second instance of one deployment). */
  sharing?: GatewayProcess;
};

export type GatewayProcess = {
  url: string;
  databaseUrl: string;
  provider: "sqlite" | "postgres";
  /** The environment the server runs with: what an operator command against it needs. */
  env: Record<string, string>;
  /** Everything the server printed so far. */
  output: () => string;
  pid: () => number;
  /** `npm run cashier -- …` against this server's database. */
  cashier: (...args: string[]) => Promise<string>;
  /** The same with `input` on its standard input (secrets the CLI reads there). */
  cashierWithInput: (input: string, ...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
};

/** The build's CLI with a server's environment; its standard output, or the failure with both streams. */
function runCashier(env: Record<string, string>, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [cashierCli(), ...args],
      { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" },
      (error, stdout, stderr) =>
        error ? reject(new Error(`cashier ${args.join(" ")} failed: ${stderr || stdout}`)) : resolve(stdout),
    );
    child.stdin?.end(input ?? "");
  });
}

/** `npm start`'s script in a process of its own with this environment, and everything it prints. */
export function spawnStart(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** `npm start` with this environment until it exits; its status and everything it printed. */
export function startUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { child, output } = spawnStart(env);
    // A start that does not refuse would serve: cut it, and the test fails on its status.
    const cut = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.once("exit", (code) => {
      clearTimeout(cut);
      resolve({ code, output: output() });
    });
  });
}

/** Whether a PostgreSQL server to test against is configured (TEST_POSTGRES_URL). */
export const hasTestPostgres = (): boolean => Boolean(process.env.TEST_POSTGRES_URL);

export async function startGateway(options: GatewayOptions): Promise<GatewayProcess> {
  // A second instance shares the first one's folder too: its development encryption key opens
  // what the first sealed (API keys' secrets).
  const dataDir = options.sharing?.env.CASHIER_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "cashier-gateway-"));
  let database: TestDatabase | null = null;
  let databaseUrl: string;
  if (options.sharing) databaseUrl = options.sharing.databaseUrl;
  else if (options.database === "postgres") {
    database = await createTestDatabase("postgres");
    databaseUrl = database.url;
  } else databaseUrl = `file:${path.join(dataDir, "cashier.db")}`;

  const url = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string> = {
    PORT: String(options.port),
    DATABASE_URL: databaseUrl,
    CASHIER_DATA_DIR: dataDir,
    PUBLIC_BASE_URL: url,
    CASHIER_ENV: "test",
    // The tests' clients behind a proxy on this machine: X-Forwarded-For is their address.
    TRUSTED_PROXIES: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    // Stopped by the test, not taken out of a load balancer's rotation (e2e/draining.spec.ts).
    SHUTDOWN_READY_DELAY_MS: "0",
    // Redis's deadline well above a loaded test machine's pauses: these servers test that budgets
    // are shared exactly; the deadline itself is rate-limits-redis-stall.test.ts's.
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_TIMEOUT_MS: "1000" } : {}),
    ...options.env,
  };
  const { child, output } = spawnStart(env);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited before it was ready:\n${output()}`);
    // Ready when the primary says every worker serves: the first to listen answers health while
    // the others start, and the primary's line would land in what a test reads afterwards.
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy && /Ready in/.test(output())) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the gateway was not ready within 120 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    databaseUrl,
    provider: options.database,
    env,
    output,
    pid: () => child.pid ?? 0,
    cashier: (...args) => runCashier(env, args),
    cashierWithInput: (input, ...args) => runCashier(env, args, input),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const cut = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(cut);
      }
      await database?.drop();
      if (!options.sharing) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
