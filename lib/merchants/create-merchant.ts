import { type Tx, getDb } from "../db/client";
import { insertMerchant } from "../db/merchants";
import { newId } from "../ids/new-id";
import { assertLiveModeAvailable } from "../providers/find-live-provider-problem";
import { type IssuedKey, issueApiKey } from "./issue-api-key";
import { type CreateMerchantInput, createMerchantSchema } from "./schemas";

/** Creates a merchant with its first API key, both or neither (and what `alsoRecord` writes: the console's audit event). */
export async function createMerchant(
  input: CreateMerchantInput,
  alsoRecord?: (tx: Tx, key: IssuedKey) => Promise<unknown>,
): Promise<IssuedKey> {
  const merchant = createMerchantSchema.parse(input);
  if (merchant.mode === "live") assertLiveModeAvailable();
  return getDb().$transaction(async (tx) => {
    const created = await insertMerchant(tx, {
      id: merchant.id ?? newId("mer"),
      name: merchant.name,
      mode: merchant.mode,
      callbackUrl: merchant.callbackUrl ?? null,
      redirectOrigins: merchant.redirectOrigins,
    });
    const issued = await issueApiKey(tx, {
      merchantId: created.id,
      mode: created.mode,
      keyId: merchant.keyId,
      secret: merchant.secret,
    });
    await alsoRecord?.(tx, issued);
    return issued;
  });
}
