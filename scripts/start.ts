// npm start: check the configuration, apply pending migrations, seed the demo merchant into an
// empty database, build when there is no build, then serve Next.js on PORT from this process.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, getConfig, loadEnvFiles } from "../lib/config/config";
import { applyMigrations } from "../lib/db/apply-migrations";
import { resolveDatabaseUrl } from "../lib/db/database-url";
import { disconnectDb } from "../lib/db/client";
import { serveGateway } from "../lib/http/serve-gateway";
import { findActiveSigningKey } from "../lib/merchants/find-active-signing-key";
import { DEMO_MERCHANT_ID, seedDemoMerchant } from "../lib/merchants/seed-demo-merchant";
import { findLiveProviderProblem } from "../lib/providers/find-live-provider-problem";

const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules/.bin/next");

loadEnvFiles(root);
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

const target = resolveDatabaseUrl(config.databaseUrl);
const applied = await applyMigrations(config.databaseUrl);
console.log(
  `database: ${target.provider === "sqlite" ? target.filename : "PostgreSQL"}` +
    (applied.length ? ` (applied ${applied.join(", ")})` : " (up to date)"),
);

const liveProblem = await findLiveProviderProblem();
if (liveProblem) {
  console.error(liveProblem);
  process.exit(1);
}

// Never in production (lib/config refuses it): a secret printed there would be a live credential.
if (config.seedDemo) {
  const seeded = await seedDemoMerchant();
  if (seeded) {
    console.log(`
Sandbox demo merchant created. Its secret is shown this once:
  merchantId  ${seeded.merchantId}
  keyId       ${seeded.keyId}
  secret      ${seeded.secret}
Try it:  npm run -s sign -- '{"id":"dep_unknown"}' | curl -s -H 'content-type: application/jwt' --data-binary @- ${config.publicBaseUrl}/api/status
`);
  } else {
    const demo = await findActiveSigningKey(DEMO_MERCHANT_ID);
    if (demo) console.log(`demo merchant ${demo.merchantId}, key ${demo.keyId}: sign a request with npm run sign -- '<json data>'`);
  }
}
await disconnectDb();

process.env.NEXT_TELEMETRY_DISABLED = "1";
if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
  console.log("no build found: running next build");
  const build = spawnSync(nextBin, ["build"], { cwd: root, stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// What `next start` would set; the server runs in this process (lib/http/serve-gateway.ts).
Object.assign(process.env, { NODE_ENV: "production" });
const started = performance.now();
const server = await serveGateway({ dir: root, port: config.port });
console.log(`✓ Ready in ${Math.round(performance.now() - started)}ms: ${config.publicBaseUrl} (port ${config.port})`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
