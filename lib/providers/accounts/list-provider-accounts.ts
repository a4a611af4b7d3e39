import { type Actor, assertRole } from "../../access/actor";
import { getConfig } from "../../config/config";
import { getDb } from "../../db/client";
import { listMerchantRoutes } from "../../db/merchants";
import { listProviderAccountRecords } from "../../db/provider-accounts";
import type { ProviderAccountListing } from "./schemas";
import { toProviderAccountView } from "./to-provider-account-view";

/** `provider list`: every account, oldest first, with when it was disabled and how many merchants route to it. */
export async function listProviderAccounts(): Promise<ProviderAccountListing[]> {
  const db = getDb();
  const [accounts, routes] = await Promise.all([listProviderAccountRecords(db), listMerchantRoutes(db)]);
  const { publicBaseUrl } = getConfig();
  return accounts.map((account) => ({
    ...toProviderAccountView(account, publicBaseUrl),
    disabled_at: account.disabledAt?.toISOString() ?? null,
    merchants: routes.filter((merchant) => Object.values(merchant.providerRoutes).includes(account.id)).length,
  }));
}

/** The console's providers page: operators only. */
export async function listConsoleProviderAccounts(actor: Actor): Promise<ProviderAccountListing[]> {
  assertRole(actor, "operator");
  return listProviderAccounts();
}
