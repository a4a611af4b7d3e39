import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import { findActiveApiKeys } from "../db/api-keys";
import { type Tx, getDb } from "../db/client";
import { findMerchantInScope } from "./find-merchant-in-scope";
import { createApiKey } from "./create-api-key";
import type { IssuedKey } from "./issue-api-key";

/**
 * What "Criar chave" comes to: the new key, or, while the merchant has active keys and the caller
 * has not confirmed another one, the question (how many are active). Another key does not revoke
 * the others: made by a second tap, it would leave a key signing whose secret nobody kept.
 */
export type KeyCreation = { status: "created"; key: IssuedKey } | { status: "confirm"; activeKeys: number };

/** A merchant admin's new key for their own merchant (an operator's for any): the secret is returned this once. */
export async function createMerchantKey(
  actor: Actor,
  merchantId: string,
  options: { isAnotherKeyConfirmed: boolean },
): Promise<KeyCreation> {
  assertRole(actor, "operator", "merchant-admin");
  const merchant = await findMerchantInScope(actor, merchantId);
  if (!options.isAnotherKeyConfirmed) {
    const activeKeys = (await findActiveApiKeys(getDb(), merchant.id)).length;
    if (activeKeys > 0) return { status: "confirm", activeKeys };
  }
  return { status: "created", key: await createApiKey({ merchantId: merchant.id }, auditKeyCreated(actor, actor.ip)) };
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
