import { findActiveApiKeys } from "../db/api-keys";
import { getDb } from "../db/client";
import { type MerchantSigningKey, findSigningKey } from "./find-signing-key";

/**
 * A merchant's oldest active key, decrypted: what the gateway signs callbacks with. The oldest,
 * so that during a rotation callbacks keep the key the merchant already has until it is revoked.
 */
export async function findActiveSigningKey(merchantId: string): Promise<MerchantSigningKey | null> {
  const [key] = await findActiveApiKeys(getDb(), merchantId);
  return key ? findSigningKey(key.id) : null;
}
