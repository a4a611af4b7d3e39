import { getConfig } from "../config/config";
import { decryptSecret } from "../crypto/secret-box";
import { findApiKeyWithMerchant } from "../db/api-keys";
import type { MerchantRecord } from "../db/merchants";

/** A merchant's API key as a request is verified with it. */
export type SigningKey = {
  keyId: string;
  merchantId: string;
  /** Decrypted only for this request; never logged or echoed. */
  secret: string;
  revokedAt: Date | null;
};

export type MerchantSigningKey = SigningKey & { merchant: MerchantRecord };

/** The key named by a token's kid, decrypted, with its merchant; null when there is none. */
export async function findSigningKey(keyId: string): Promise<MerchantSigningKey | null> {
  const found = await findApiKeyWithMerchant(keyId);
  if (!found) return null;
  return {
    keyId: found.key.id,
    merchantId: found.merchant.id,
    secret: decryptSecret(getConfig().encryptionKeys, found.key.secretCiphertext, found.key.id),
    revokedAt: found.key.revokedAt,
    merchant: found.merchant,
  };
}
