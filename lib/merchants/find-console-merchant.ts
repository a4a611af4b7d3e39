import { type Actor, assertRole } from "../access/actor";
import type { MerchantRecord } from "../db/merchants";
import { findMerchantInScope } from "./find-merchant-in-scope";

/** One merchant's settings, for the operator's edit page. */
export async function findConsoleMerchant(actor: Actor, merchantId: string): Promise<MerchantRecord> {
  assertRole(actor, "operator");
  return findMerchantInScope(actor, merchantId);
}
