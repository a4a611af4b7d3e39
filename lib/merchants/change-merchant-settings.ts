import { recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { findMerchantInScope } from "./find-merchant-in-scope";
import { type UpdateMerchantInput, updateMerchant } from "./update-merchant";

/**
 * Where a merchant's callbacks go and its redirect origins, set by an operator or by the merchant's
 * own admin (another merchant's id is a 404, a viewer a 403); the audit keeps before and after.
 */
export async function changeMerchantSettings(actor: Actor, merchantId: string, input: UpdateMerchantInput) {
  assertRole(actor, "operator", "merchant-admin");
  return getDb().$transaction(async (tx) => {
    const before = await findMerchantInScope(actor, merchantId, tx);
    const after = await updateMerchant(merchantId, input, tx);
    await recordAuditEvent(tx, {
      actor,
      action: "merchant.updated",
      targetType: "merchant",
      targetId: merchantId,
      merchantId,
      ip: actor.ip,
      detail: {
        callback_url: { from: before.callbackUrl, to: after.callbackUrl },
        redirect_origins: { from: before.redirectOrigins, to: after.redirectOrigins },
      },
    });
    return after;
  });
}
