import { z } from "zod";
import { getDb } from "../db/client";
import { updateMerchantSettings } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { callbackUrlSchema, redirectOriginSchema } from "./schemas";

const updateMerchantSchema = z.object({
  // null removes the callback URL: callbacks are then recorded as undeliverable, and retried.
  callbackUrl: callbackUrlSchema.nullable().optional(),
  redirectOrigins: z.array(redirectOriginSchema).optional(),
});

/** `merchant update`: where callbacks go and which origins redirects may use. Takes effect at once. */
export async function updateMerchant(merchantId: string, input: z.input<typeof updateMerchantSchema>) {
  const settings = updateMerchantSchema.parse(input);
  if (settings.callbackUrl === undefined && settings.redirectOrigins === undefined) {
    throw new AppError("invalid_argument", "nothing to change: give --callback-url, --no-callback-url or --redirect-origin");
  }
  const merchant = await updateMerchantSettings(getDb(), merchantId, settings);
  if (!merchant) throw new AppError("not_found", `no merchant ${merchantId}`);
  return { merchantId: merchant.id, callbackUrl: merchant.callbackUrl, redirectOrigins: merchant.redirectOrigins };
}
