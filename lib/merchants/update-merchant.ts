import { z } from "zod";
import { type DbOrTx, getDb } from "../db/client";
import { updateMerchantSettings } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { callbackUrlSchema } from "../callback-urls/callback-url-schema";
import { redirectOriginSchema } from "./schemas";

const updateMerchantSchema = z.object({
  // null removes the callback URL: callbacks are then recorded as undeliverable, and retried.
  callbackUrl: callbackUrlSchema.nullable().optional(),
  redirectOrigins: z.array(redirectOriginSchema).optional(),
});

export type UpdateMerchantInput = z.input<typeof updateMerchantSchema>;

/**
 * `merchant update`: where callbacks go and which origins redirects may use. Takes effect at once.
 * In `db`, a transaction, when the change is recorded with it (the console's audit event).
 */
export async function updateMerchant(merchantId: string, input: UpdateMerchantInput, db: DbOrTx = getDb()) {
  const settings = updateMerchantSchema.parse(input);
  if (settings.callbackUrl === undefined && settings.redirectOrigins === undefined) {
    throw new AppError(
      "invalid_argument",
      "nothing to change: give --callback-url, --no-callback-url, --redirect-origin, --logo, --no-logo, --rate-limit, --provider, --provider-for, --no-provider or --payout-approval",
    );
  }
  const merchant = await updateMerchantSettings(db, merchantId, settings);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  return { merchantId: merchant.id, callbackUrl: merchant.callbackUrl, redirectOrigins: merchant.redirectOrigins };
}
