import { recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { createMerchant } from "./create-merchant";
import type { IssuedKey } from "./issue-api-key";
import { consoleMerchantSchema } from "./schemas";

/** An operator creates a merchant and its first key (the secret is returned this once), audited with it. */
export async function createConsoleMerchant(actor: Actor, input: unknown): Promise<IssuedKey> {
  assertRole(actor, "operator");
  const merchant = consoleMerchantSchema.parse(input);
  return createMerchant(merchant, async (tx, key) => {
    await recordAuditEvent(tx, {
      actor,
      action: "merchant.created",
      targetType: "merchant",
      targetId: key.merchantId,
      merchantId: key.merchantId,
      ip: actor.ip,
      detail: {
        name: merchant.name,
        mode: merchant.mode,
        callback_url: merchant.callbackUrl ?? null,
        redirect_origins: merchant.redirectOrigins,
      },
    });
    await recordAuditEvent(tx, {
      actor,
      action: "api_key.created",
      targetType: "api_key",
      targetId: key.keyId,
      merchantId: key.merchantId,
      ip: actor.ip,
      detail: {},
    });
  });
}
