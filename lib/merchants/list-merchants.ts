import { getDb } from "../db/client";
import { listMerchantsWithKeys } from "../db/merchants";
import { toRoutingView } from "./find-merchant-routing";
import { requestBudgetView } from "./request-budget";

/** Merchants with their keys' ids and states, routes, payout approval and request budget; secrets are never listed. */
export async function listMerchants() {
  const merchants = await listMerchantsWithKeys(getDb());
  return merchants.map((m) => ({
    merchantId: m.id,
    name: m.name,
    mode: m.mode,
    callbackUrl: m.callbackUrl,
    redirectOrigins: m.redirectOrigins,
    ...toRoutingView(m),
    ...requestBudgetView(m),
    createdAt: m.createdAt.toISOString(),
    keys: m.apiKeys.map((k) => ({
      keyId: k.id,
      createdAt: k.createdAt.toISOString(),
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
  }));
}
