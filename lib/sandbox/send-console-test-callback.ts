import { type Actor, assertRole, merchantScopeOf } from "../access/actor";
import { AppError } from "../errors/app-error";
import { findMerchantInScope } from "../merchants/find-merchant-in-scope";
import type { TestCallbackAnswer } from "./schemas";
import { sendTestCallback } from "./send-test-callback";

/**
 * The settings page's "Enviar callback de teste": POST /api/callbacks/test for the merchant admin
 * signed in, with the same rules (sandbox only, the merchant's budget of test callbacks and resends).
 */
export async function sendConsoleTestCallback(actor: Actor): Promise<TestCallbackAnswer> {
  assertRole(actor, "merchant-admin");
  const merchantId = merchantScopeOf(actor);
  if (merchantId === null)
    throw new AppError("forbidden", "a test callback is sent for a merchant user's own merchant");
  return (await sendTestCallback(await findMerchantInScope(actor, merchantId))).data;
}
