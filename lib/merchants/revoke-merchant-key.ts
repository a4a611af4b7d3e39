import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole, merchantScopeOf, outsideScope } from "../access/actor";
import { type ApiKeyRecord, findApiKey } from "../db/api-keys";
import type { Tx } from "../db/client";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";
import { revokeApiKey } from "./revoke-api-key";
import { keyIdSchema } from "./schemas";

/**
 * Revokes a key from the console: the next request signed with it is refused (keys are read on
 * every request). Another merchant's key is a 404, as one that does not exist. Revoking a revoked
 * key again changes nothing and records nothing.
 */
export async function revokeMerchantKey(actor: Actor, keyId: string): Promise<{ keyId: string; revokedAt: Date }> {
  assertRole(actor, "operator", "merchant-admin");
  const scope = merchantScopeOf(actor);
  const key = keyIdSchema.safeParse(keyId).success ? await findApiKey(getDb(), keyId) : null;
  if (!key) throw new AppError("not_found", `no key ${keyId}`);
  if (scope !== null && key.merchantId !== scope) throw outsideScope(`no key ${keyId}`, { type: "api_key", id: keyId });
  return revokeApiKey(key.id, auditKeyRevoked(actor, actor.ip));
}

/** The audit event of a revocation, committed with it only when this call revoked the key: the console's and the CLI's. */
export function auditKeyRevoked(actor: AuditActor, ip: string | null) {
  return (tx: Tx, revoked: ApiKeyRecord) =>
    recordAuditEvent(tx, {
      actor,
      action: "api_key.revoked",
      targetType: "api_key",
      targetId: revoked.id,
      merchantId: revoked.merchantId,
      ip,
      detail: {},
    });
}
