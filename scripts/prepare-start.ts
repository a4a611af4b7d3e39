// The first step of npm start, in a process of its own so the primary that stays never loads
// Prisma or the domain: check the settings and the PIX_PSP_* account, apply pending migrations (with
// CASHIER_MIGRATE_ON_START=false, refuse while any is pending), check the encryption key, and seed
// the demo merchant into an empty database. Exits non-zero, having said why, when the gateway must
// not start.
import { ConfigError, getConfig } from "../lib/config/config";
import { PendingMigrationsError, prepareMigrations } from "../lib/db/prepare-migrations";
import { resolveDatabaseUrl } from "../lib/db/database-url";
import { disconnectDb } from "../lib/db/client";
import {
  LOCAL_RECEIVER_URL,
  SETTINGS_PAGE,
  describeCallbackUrlCommand,
} from "../lib/callbacks/describe-callback-url-setting";
import { findActiveSigningKey } from "../lib/merchants/find-active-signing-key";
import { DEMO_MERCHANT_ID, seedDemoMerchant } from "../lib/merchants/seed-demo-merchant";
import { findLiveProviderProblem } from "../lib/providers/find-live-provider-problem";
import { readEnvironmentAccount } from "../lib/providers/accounts/read-environment-account";
import { EncryptionKeyError } from "../lib/db/key-of-stored-values";
import { checkEncryptionKey } from "../lib/encryption/check-encryption-key";
import { setAppRoot } from "../lib/runtime/app-root";
import { appRootOfEntry } from "./runtime-layout";

setAppRoot(appRootOfEntry(import.meta.dirname));

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
  const seeded = await seedDemoMerchant();
  const demo = await findActiveSigningKey(DEMO_MERCHANT_ID);
  if (seeded)
    console.log(`sandbox demo merchant ${seeded.merchantId} created; its key is printed once the gateway is ready`);
  if (demo) {
    // No operator step stands between the demo merchant and its first callback: the command is here.
    const callbackHelp = demo.merchant.callbackUrl
      ? [`Callbacks go to ${demo.merchant.callbackUrl}.`]
      : [
          `Callbacks: npm run -s listen -- ${LOCAL_RECEIVER_URL} starts a receiver that verifies them;`,
          `  npm run -s listen -- --forward-to ${LOCAL_RECEIVER_URL} brings the demo merchant's to it, or set its URL:`,
          `  ${describeCallbackUrlCommand(demo.merchantId, LOCAL_RECEIVER_URL)}`,
          `  (on a hosted gateway, a merchant admin sets it in the console: ${config.publicBaseUrl}${SETTINGS_PAGE})`,
        ];
    const summary = [
      "",
      "Sandbox demo merchant: sign your requests with this key (npm run sign does):",
      `  merchantId  ${demo.merchantId}`,
      `  keyId       ${demo.keyId}`,
      `  secret      ${demo.secret}`,
      "Next, in another terminal:",
      `  npm run -s sign -- '{"id":"dep_unknown"}' | curl -s -H 'content-type: application/jwt' --data-binary @- ${config.publicBaseUrl}/api/status`,
      ...callbackHelp,
      "",
    ].join("\n");
    // The primary prints it after "Ready", below whatever the build and the start printed; run on
    // its own, this step prints it here.
    if (process.send) process.send({ demoSummary: summary });
    else console.log(summary);
  }
}
await disconnectDb();
