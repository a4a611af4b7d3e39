import { getDb } from "../db/client";
import { countMerchants } from "../db/merchants";
import { createMerchant } from "./create-merchant";
import type { IssuedKey } from "./issue-api-key";

export const DEMO_MERCHANT_ID = "mer_demo";

/** Into an empty database only: a sandbox merchant a newcomer can sign requests for at once. */
export async function seedDemoMerchant(): Promise<IssuedKey | null> {
  if ((await countMerchants(getDb())) > 0) return null;
  return createMerchant({ id: DEMO_MERCHANT_ID, name: "Loja Demo (sandbox)", mode: "sandbox" });
}
