import { getConfig } from "../config/config";
import { decryptSecret } from "../crypto/secret-box";
import { findApiKeyWithMerchant } from "../db/api-keys";
import { getDb } from "../db/client";
import type { MerchantRecord } from "../db/merchants";
import type { SigningKey } from "../envelope/verify-request-token";

export type MerchantSigningKey = SigningKey & { merchant: MerchantRecord };

/** The key named by a token's kid, decrypted, with its merchant; null when there is none. */
export async function findSigningKey(keyId: string): Promise<MerchantSigningKey | null> {
  const found = await findApiKeyWithMerchant(getDb(), keyId);
  if (!found) return null;
  return {
    keyId: found.key.id,
    merchantId: found.merchant.id,
    secret: decryptSecret(getConfig().encryptionKey, found.key.secretCiphertext, found.key.id),
    revokedAt: found.key.revokedAt,
    merchant: found.merchant,
  };
}
