// npm start's primary process (compiled to bin/start.mjs by npm run build; scripts/npm-start.mjs
// runs it): checks the settings, runs the start's first step (scripts/prepare-start.ts:
// migrations, the key check, the demo merchant) in a process of its own, then serves from
// WEB_CONCURRENCY worker processes (scripts/serve.ts; node:cluster shares the port). It loads
// neither Next.js nor Prisma: it holds the instance's rate-limit counters and replaces a worker that
// dies. SIGTERM or SIGINT stops them gracefully.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { ConfigError, getConfig, loadEnvFiles } from "../lib/config/config";
import { countRateLimitsInPrimary } from "../lib/rate-limits/count-in-primary";
import { siblingEntry } from "./runtime-layout";

loadEnvFiles();
let config;
try {
  config = getConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

process.env.NEXT_TELEMETRY_DISABLED = "1";
// The demo merchant's key and the next command, which the first step hands over to be printed last.
let demoSummary: string | null = null;
const prepared = await new Promise<number | NodeJS.Signals>((resolve) => {
  const child = spawn(process.execPath, [siblingEntry(import.meta.dirname, "prepare-start")], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
  });
  child.on("message", (message: { demoSummary?: unknown }) => {
    if (typeof message.demoSummary === "string") demoSummary = message.demoSummary;
  });
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", stop).on("SIGTERM", stop);
  child.once("exit", (code, signal) => {
    process.off("SIGINT", stop).off("SIGTERM", stop);
    resolve(code ?? signal ?? 1);
  });
});
if (prepared !== 0) process.exit(typeof prepared === "number" ? prepared : 1);

// What `next start` would set; each worker runs the server in its own process (lib/server/serve-gateway.ts).
Object.assign(process.env, { NODE_ENV: "production" });
cluster.setupPrimary({ exec: siblingEntry(import.meta.dirname, "serve") });
const started = performance.now();
const workers = config.http.workers;
let listening = 0;
let isStopping = false;
cluster.on("listening", () => {
  if (++listening === workers) {
    // One write: whoever waits for "Ready" has the demo's key in the same chunk.
    console.log(
      `✓ Ready in ${Math.round(performance.now() - started)}ms: ${config.publicBaseUrl} (port ${config.port}, ${workers} worker${workers === 1 ? "" : "s"})` +
        (demoSummary ? `\n${demoSummary}` : ""),
    );
  }
});
cluster.on("exit", (worker, code, signal) => {
  if (isStopping) return;
  // One that fails before all are serving would fail again: stop with its status.
  if (listening < workers) {
    console.error(`worker ${worker.process.pid} could not start (${signal ?? code}); stopping`);
    process.exit(code || 1);
  }
  console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
  cluster.fork();
});
// The instance's rate-limit budgets, counted here once for every worker.
countRateLimitsInPrimary();
if (config.metricsPort !== null) {
  const metricsPort = config.metricsPort;
  // Loaded only here: an instance without metrics keeps prom-client out of its primary's memory.
  const { serveMetrics } = await import("../lib/metrics/serve-metrics");
  await serveMetrics(metricsPort, config.host).catch((error: unknown) => {
    console.error(
      `metrics: cannot listen on METRICS_PORT ${metricsPort}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
for (let i = 0; i < workers; i++) cluster.fork();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    const workersLeft = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let running = workersLeft.length;
    if (running === 0) process.exit(0);
    for (const worker of workersLeft) {
      worker.once("exit", () => --running === 0 && process.exit(0));
      worker.process.kill("SIGTERM");
    }
  });
}
