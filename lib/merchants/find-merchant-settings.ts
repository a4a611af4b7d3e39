import { type Actor, merchantScopeOf } from "../access/actor";
import { AppError } from "../errors/app-error";
import { findMerchantInScope } from "./find-merchant-in-scope";

export type MerchantSettings = {
  merchantId: string;
  name: string;
  mode: "sandbox" | "live";
  callbackUrl: string | null;
  redirectOrigins: string[];
};

/**
 * A merchant user's own merchant's callback URL and redirect origins, for their settings page;
 * admins and viewers both see them. Operators belong to no merchant: theirs is the merchants page.
 */
export async function findMerchantSettings(actor: Actor): Promise<MerchantSettings> {
  const merchantId = merchantScopeOf(actor);
  if (merchantId === null)
    throw new AppError("forbidden", "operators set a merchant's settings on its merchants page", undefined, {
      reason: "role",
    });
  const merchant = await findMerchantInScope(actor, merchantId);
  return {
    merchantId: merchant.id,
    name: merchant.name,
    mode: merchant.mode,
    callbackUrl: merchant.callbackUrl,
    redirectOrigins: merchant.redirectOrigins,
  };
}
