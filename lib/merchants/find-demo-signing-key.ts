import { findActiveApiKeys } from "../db/api-keys";
import { getDb } from "../db/client";
import { type MerchantSigningKey, findSigningKey } from "./find-signing-key";
import { DEMO_MERCHANT_ID } from "./seed-demo-merchant";

/** The seeded demo merchant's oldest active key, for `npm run sign` and the start banner. */
export async function findDemoSigningKey(): Promise<MerchantSigningKey | null> {
  const [key] = await findActiveApiKeys(getDb(), DEMO_MERCHANT_ID);
  return key ? findSigningKey(key.id) : null;
}
