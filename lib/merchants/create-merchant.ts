import { getDb } from "../db/client";
import { insertMerchant } from "../db/merchants";
import { newId } from "../ids";
import { type IssuedKey, issueApiKey } from "./issue-api-key";
import { type CreateMerchantInput, createMerchantSchema } from "./schemas";

/** Creates a merchant with its first API key, both or neither. */
export async function createMerchant(input: CreateMerchantInput): Promise<IssuedKey> {
  const merchant = createMerchantSchema.parse(input);
  return getDb().$transaction(async (tx) => {
    const created = await insertMerchant(tx, {
      id: merchant.id ?? newId("mer"),
      name: merchant.name,
      mode: merchant.mode,
      callbackUrl: merchant.callbackUrl ?? null,
      redirectOrigins: merchant.redirectOrigins,
    });
    return issueApiKey(tx, { merchantId: created.id, mode: created.mode, keyId: merchant.keyId, secret: merchant.secret });
  });
}
