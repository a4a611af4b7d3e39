// Merchants and their API keys. Creating a merchant or a key and revoking one take an alsoRecord
// hook that writes the caller's audit event in the same transaction, so an audited change never
// commits without its record; switching mode replaces the keys with one of the new mode, since a
// key's mode is its merchant's. The console's views (find-merchant-in-scope) answer another
// merchant's id as a 404.
import { type Tx, getDb } from "../db/client";
import { type MerchantRecord, insertMerchant } from "../db/merchants";
import { newId } from "../ids/new-id";
import { assertLiveModeAvailable } from "../providers/find-live-provider-problem";
import { routeMerchant } from "../providers/accounts/route-merchant";
import { type IssuedKey, issueApiKey } from "./issue-api-key";
import {
  type CreateMerchantInput,
  type MerchantRoutingInput,
  createMerchantSchema,
  merchantRoutingSchema,
} from "./schemas";

/**
 * Creates a merchant with its first API key, both or neither (and what `alsoRecord` writes: the
 * audit events, auditMerchantCreated). A live merchant may be routed to provider accounts from the start.
 */
export async function createMerchant(
  input: CreateMerchantInput & MerchantRoutingInput,
  alsoRecord?: (tx: Tx, key: IssuedKey, merchant: MerchantRecord) => Promise<unknown>,
): Promise<IssuedKey> {
  const merchant = createMerchantSchema.parse(input);
  const routing = merchantRoutingSchema.parse(input);
  return getDb().$transaction(async (tx) => {
    const providerRoutes = routing.routes
      ? await routeMerchant(tx, { id: null, mode: merchant.mode, providerRoutes: {} }, routing.routes)
      : {};
    if (merchant.mode === "live") assertLiveModeAvailable(providerRoutes);
    const created = await insertMerchant(tx, {
      id: merchant.id ?? newId("mer"),
      name: merchant.name,
      mode: merchant.mode,
      callbackUrl: merchant.callbackUrl ?? null,
      redirectOrigins: merchant.redirectOrigins,
      providerRoutes,
      ...routing.approval,
    });
    const issued = await issueApiKey(tx, {
      merchantId: created.id,
      mode: created.mode,
      keyId: merchant.keyId,
      secret: merchant.secret,
    });
    await alsoRecord?.(tx, issued, created);
    return issued;
  });
}
