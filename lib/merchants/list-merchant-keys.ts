import type { Actor } from "../access/actor";
import { listMerchantApiKeys } from "../db/api-keys";
import { getDb } from "../db/client";
import { findMerchantInScope } from "./find-merchant-in-scope";

/** A merchant's keys, newest first, revoked ones too, with when each last signed a request that verified. */
export async function listMerchantKeys(actor: Actor, merchantId: string) {
  const merchant = await findMerchantInScope(actor, merchantId);
  const keys = await listMerchantApiKeys(getDb(), merchant.id);
  return {
    merchant: { id: merchant.id, name: merchant.name, mode: merchant.mode },
    keys: keys.map((key) => ({
      keyId: key.id,
      createdAt: key.createdAt,
      revokedAt: key.revokedAt,
      lastUsedAt: key.lastUsedAt,
    })),
  };
}
