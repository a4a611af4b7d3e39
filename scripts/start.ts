// npm start: check the configuration, apply pending migrations (with CASHIER_MIGRATE_ON_START=false,
// refuse to start while any is pending), seed the demo merchant into an empty database, build when
// there is no build, then serve Next.js on PORT from WEB_CONCURRENCY worker processes (node:cluster
// shares the port). SIGTERM or SIGINT stops them gracefully.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { HOSTED_ASSETS_DIR } from "../lib/hosted/hosted-assets-dir";
import { ConfigError, getConfig, loadEnvFiles } from "../lib/config/config";
import { PendingMigrationsError, prepareMigrations } from "../lib/db/prepare-migrations";
import { resolveDatabaseUrl } from "../lib/db/database-url";
import { disconnectDb } from "../lib/db/client";
import { closeGateway, serveGateway } from "../lib/server/serve-gateway";
import {
  LOCAL_RECEIVER_URL,
  SETTINGS_PAGE,
  describeCallbackUrlCommand,
} from "../lib/callbacks/describe-callback-url-setting";
import { findActiveSigningKey } from "../lib/merchants/find-active-signing-key";
import { DEMO_MERCHANT_ID, seedDemoMerchant } from "../lib/merchants/seed-demo-merchant";
import { findLiveProviderProblem } from "../lib/providers/find-live-provider-problem";
import { readEnvironmentAccount } from "../lib/providers/accounts/read-environment-account";
import { countRateLimitsInPrimary } from "../lib/rate-limits/count-in-primary";
import { EncryptionKeyError } from "../lib/db/key-of-stored-values";
import { checkEncryptionKey } from "../lib/encryption/check-encryption-key";

const root = path.resolve(import.meta.dirname, "..");

loadEnvFiles(root);
let config;
try {
  config = getConfig();
  // The PIX_PSP_* account is read here too: a bad value stops the start like any other setting.
  readEnvironmentAccount(config);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// A worker stopping gracefully is given this long to answer what it is serving before it is cut.
const SHUTDOWN_GRACE_MS = 25_000;

if (cluster.isWorker) {
  // tsx turns Node's source maps on for the TypeScript it runs, and with them on Node reads and
  // keeps the map (its sources included) of every Next.js chunk a worker loads: about 70 MB a
  // worker (bench/README.md). The served code gets Node's default, off, unless the operator asks
  // for readable stacks with --enable-source-maps (NODE_OPTIONS).
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  if (!flags.includes("--enable-source-maps")) process.setSourceMapsEnabled(false);
  const server = await serveGateway({ dir: root, port: config.port }).catch((error: unknown) => {
    // A worker that cannot serve must not linger (running the jobs of an instance nobody reaches):
    // it exits, and the primary with it.
    console.error(`cannot serve on port ${config.port}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  let isStopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (isStopping) return;
      isStopping = true;
      // A handler or a database call that never ends must not keep a stopping worker alive.
      setTimeout(() => process.exit(1), config.http.shutdownReadyDelayMs + SHUTDOWN_GRACE_MS + 5_000).unref();
      void closeGateway(server, SHUTDOWN_GRACE_MS).then(() => process.exit(0));
    });
  }
} else {
  const target = resolveDatabaseUrl(config.databaseUrl);
  // A migration's data step checks the key before it writes under it (lib/db/migration-data-steps).
  const applied = await prepareMigrations(config).catch((error: unknown) => {
    if (!(error instanceof PendingMigrationsError || error instanceof EncryptionKeyError)) throw error;
    console.error(`cannot start: ${error.message}`);
    process.exit(1);
  });
  console.log(
    `database: ${target.provider === "sqlite" ? target.filename : "PostgreSQL"}` +
      (applied.length ? ` (applied ${applied.join(", ")})` : " (up to date)"),
  );

  // Before anything opens a secret, and before any worker serves: a wrong key refuses to start.
  const keyCheck = await checkEncryptionKey().catch((error: unknown) => {
    if (!(error instanceof EncryptionKeyError)) throw error;
    console.error(`cannot start: ${error.message}`);
    process.exit(1);
  });
  console.log(
    keyCheck.isResealDue
      ? `encryption key: the database's secrets are under previous key ${keyCheck.keyId}; run npm run cashier -- keys reseal, then remove it from CASHIER_ENCRYPTION_PREVIOUS_KEYS`
      : `encryption key: ${keyCheck.keyId}`,
  );

  const liveProblem = await findLiveProviderProblem();
  if (liveProblem) {
    console.error(liveProblem);
    process.exit(1);
  }

  // Never in production (lib/config refuses it): a secret printed there would be a live credential.
  if (config.seedDemo) {
    // No operator step stands between the demo merchant and its first callback: the command is here.
    const callbackHelp = (merchantId: string) =>
      [
        "Callbacks: send the demo merchant's to a receiver (npm run -s listen starts one that verifies them):",
        `  ${describeCallbackUrlCommand(merchantId, LOCAL_RECEIVER_URL)}`,
        `  (on a hosted gateway, a merchant admin sets it in the console: ${config.publicBaseUrl}${SETTINGS_PAGE})`,
      ].join("\n");
    const seeded = await seedDemoMerchant();
    if (seeded) {
      console.log(`
Sandbox demo merchant created. Its secret is shown this once:
  merchantId  ${seeded.merchantId}
  keyId       ${seeded.keyId}
  secret      ${seeded.secret}
Try it:  npm run -s sign -- '{"id":"dep_unknown"}' | curl -s -H 'content-type: application/jwt' --data-binary @- ${config.publicBaseUrl}/api/status
${callbackHelp(seeded.merchantId)}
`);
    } else {
      const demo = await findActiveSigningKey(DEMO_MERCHANT_ID);
      if (demo) {
        console.log(
          `demo merchant ${demo.merchantId}, key ${demo.keyId}: sign a request with npm run sign -- '<json data>'`,
        );
        if (!demo.merchant.callbackUrl) console.log(callbackHelp(demo.merchantId));
      }
    }
  }
  await disconnectDb();

  process.env.NEXT_TELEMETRY_DISABLED = "1";
  // A build from before the hosted pages had their own assets counts as none.
  if (!existsSync(path.join(root, ".next/BUILD_ID")) || !existsSync(path.join(root, HOSTED_ASSETS_DIR, "hosted.js"))) {
    console.log("no build found: running npm run build");
    const build = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/build.ts"], {
      cwd: root,
      stdio: "inherit",
      env: process.env,
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  // What `next start` would set; each worker runs the server in its own process (lib/server/serve-gateway.ts).
  Object.assign(process.env, { NODE_ENV: "production" });
  const started = performance.now();
  const workers = config.http.workers;
  let listening = 0;
  let isStopping = false;
  cluster.on("listening", () => {
    if (++listening === workers) {
      console.log(
        `✓ Ready in ${Math.round(performance.now() - started)}ms: ${config.publicBaseUrl} (port ${config.port}, ${workers} worker${workers === 1 ? "" : "s"})`,
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
}
