import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { readBalancesByMerchant } from "../db/ledger";
import { listMerchantsWithKeys } from "../db/merchants";

/** Operators: every merchant's available and reserved money, per mode it has any in. */
export async function listMerchantBalances(actor: Actor) {
  assertRole(actor, "operator");
  const [merchants, sums] = await Promise.all([listMerchantsWithKeys(getDb()), readBalancesByMerchant(getDb())]);
  return merchants.map((merchant) => ({
    merchantId: merchant.id,
    name: merchant.name,
    mode: merchant.mode,
    balances: sums.filter((sum) => sum.merchantId === merchant.id),
  }));
}
