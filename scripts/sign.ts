// npm run sign -- '<json data>' [--key-id ID --secret SECRET] [--lifetime SECONDS]
// Prints a request token for the demo merchant (or the given key), to try the API with curl.
import { parseArgs } from "node:util";
import { getConfig, loadEnvFiles } from "../lib/config/config";
import { applyMigrations } from "../lib/db/apply-migrations";
import { disconnectDb } from "../lib/db/client";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { DEMO_MERCHANT_ID } from "../lib/merchants/seed-demo-merchant";
import { findActiveSigningKey } from "../lib/merchants/find-active-signing-key";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "key-id": { type: "string" },
    secret: { type: "string" },
    lifetime: { type: "string" },
    jti: { type: "string" },
  },
});
if (positionals.length !== 1) fail(`usage: npm run sign -- '<json data>' [--key-id ID --secret SECRET]`);
let data: unknown;
try {
  data = JSON.parse(positionals[0]);
} catch {
  fail(`not JSON: ${positionals[0]}`);
}

loadEnvFiles();
let keyId = values["key-id"];
let secret = values.secret;
if (!keyId || !secret) {
  await applyMigrations(getConfig().databaseUrl);
  const demo = await findActiveSigningKey(DEMO_MERCHANT_ID);
  await disconnectDb();
  if (!demo) fail("no demo merchant with an active key: run npm start once, or pass --key-id and --secret");
  ({ keyId, secret } = demo);
}
process.stdout.write(
  `${await signRequestToken({ keyId, secret, data, lifetimeSeconds: values.lifetime ? Number(values.lifetime) : 60, jti: values.jti })}\n`,
);
