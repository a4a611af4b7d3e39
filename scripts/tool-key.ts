// The key `npm run sign` signs with and `npm run listen` verifies with: the one given on the
// command line, or else the demo merchant's that npm start seeded (its oldest active key, the one
// the gateway signs the demo's callbacks with).
import { getConfig, loadEnvFiles } from "../lib/config/config";
import { PendingMigrationsError, prepareMigrations } from "../lib/db/prepare-migrations";
import { disconnectDb } from "../lib/db/client";
import { EncryptionKeyError } from "../lib/db/key-of-stored-values";
import { checkEncryptionKey } from "../lib/encryption/check-encryption-key";
import { DEMO_MERCHANT_ID } from "../lib/merchants/seed-demo-merchant";
import { findActiveSigningKey } from "../lib/merchants/find-active-signing-key";

export type ToolKey = { keyId: string; secret: string; merchantId: string | null };

/** The options that name a key of one's own. */
export const keyOptions = { "key-id": { type: "string" }, secret: { type: "string" } } as const;

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

export async function findToolKey(given: { "key-id"?: string; secret?: string }): Promise<ToolKey> {
  if (given["key-id"] && given.secret) return { keyId: given["key-id"], secret: given.secret, merchantId: null };
  loadEnvFiles();
  await prepareMigrations(getConfig()).catch((error: unknown) => {
    if (error instanceof PendingMigrationsError || error instanceof EncryptionKeyError) fail(error.message);
    throw error;
  });
  // As every command that opens a secret: a wrong key says which one it needs.
  await checkEncryptionKey().catch((error: unknown) => {
    if (error instanceof EncryptionKeyError) fail(error.message);
    throw error;
  });
  const demo = await findActiveSigningKey(DEMO_MERCHANT_ID);
  await disconnectDb();
  if (!demo) fail("no demo merchant with an active key: run npm start once, or pass --key-id and --secret");
  return { keyId: demo.keyId, secret: demo.secret, merchantId: demo.merchantId };
}
