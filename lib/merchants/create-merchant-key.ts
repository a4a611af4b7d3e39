import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import type { Tx } from "../db/client";
import { findMerchantInScope } from "./find-merchant-in-scope";
import { createApiKey } from "./create-api-key";
import type { IssuedKey } from "./issue-api-key";

/** A merchant admin's new key for their own merchant (an operator's for any): the secret is returned this once. */
export async function createMerchantKey(actor: Actor, merchantId: string): Promise<IssuedKey> {
  assertRole(actor, "operator", "merchant-admin");
  const merchant = await findMerchantInScope(actor, merchantId);
  return createApiKey({ merchantId: merchant.id }, auditKeyCreated(actor, actor.ip));
}

/** The audit event of a new key, committed with it: the console's and the CLI's (never its secret). */
export function auditKeyCreated(actor: AuditActor, ip: string | null) {
  return (tx: Tx, key: IssuedKey) =>
    recordAuditEvent(tx, {
      actor,
      action: "api_key.created",
      targetType: "api_key",
      targetId: key.keyId,
      merchantId: key.merchantId,
      ip,
      detail: {},
    });
}
