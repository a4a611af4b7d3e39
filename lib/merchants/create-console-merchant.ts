import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { type Actor, assertRole } from "../access/actor";
import type { Tx } from "../db/client";
import type { MerchantRecord } from "../db/merchants";
import { auditKeyCreated } from "./create-merchant-key";
import { createMerchant } from "./create-merchant";
import { toRoutingView } from "./find-merchant-routing";
import type { IssuedKey } from "./issue-api-key";
import { consoleMerchantSchema } from "./schemas";

/** An operator creates a merchant and its first key (the secret is returned this once), audited with it. */
export async function createConsoleMerchant(actor: Actor, input: unknown): Promise<IssuedKey> {
  assertRole(actor, "operator");
  return createMerchant(consoleMerchantSchema.parse(input), auditMerchantCreated(actor, actor.ip));
}

/** The audit events of a new merchant and its first key, as stored, committed with them: the console's and the CLI's. */
export function auditMerchantCreated(actor: AuditActor, ip: string | null) {
  return async (tx: Tx, key: IssuedKey, merchant: MerchantRecord) => {
    const routing = toRoutingView(merchant);
    await recordAuditEvent(tx, {
      actor,
      action: "merchant.created",
      targetType: "merchant",
      targetId: merchant.id,
      merchantId: merchant.id,
      ip,
      detail: {
        name: merchant.name,
        mode: merchant.mode,
        callback_url: merchant.callbackUrl,
        redirect_origins: merchant.redirectOrigins,
        provider_routes: routing.providerRoutes,
        payout_approval: routing.payoutApproval,
        payout_approval_above: routing.payoutApprovalAbove,
      },
    });
    await auditKeyCreated(actor, ip)(tx, key);
  };
}
