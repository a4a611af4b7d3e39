// A new key for a merchant: generated, or given (for demos and tests). The secret is encrypted
// before it is stored and returned to the caller this once.
import { randomBytes } from "node:crypto";
import { getConfig } from "../config/config";
import { encryptSecret } from "../crypto/secret-box";
import type { DbOrTx } from "../db/client";
import { findApiKey, insertApiKey } from "../db/api-keys";
import type { MerchantMode } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { randomAlphanumeric } from "../ids/new-id";

export type IssuedKey = { merchantId: string; keyId: string; secret: string };

export async function issueApiKey(
  db: DbOrTx,
  options: { merchantId: string; mode: MerchantMode; keyId?: string; secret?: string },
): Promise<IssuedKey> {
  const prefix = options.mode === "live" ? "mk_live_" : "mk_test_";
  const keyId = options.keyId ?? `${prefix}${randomAlphanumeric(24)}`;
  if (!keyId.startsWith(prefix)) {
    throw new AppError("invalid_argument", `key id ${keyId} must start with ${prefix} for a ${options.mode} merchant`);
  }
  if (await findApiKey(db, keyId)) throw new AppError("invalid_argument", `key id ${keyId} already exists`);
  const secret = options.secret ?? randomBytes(32).toString("base64url");
  await insertApiKey(db, {
    id: keyId,
    merchantId: options.merchantId,
    secretCiphertext: encryptSecret(getConfig().encryptionKeys, secret, keyId),
  });
  return { merchantId: options.merchantId, keyId, secret };
}
