import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { countMerchants, listMerchantRoutes } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { readEnvironmentAccount } from "./accounts/read-environment-account";
import type { Rail } from "./contract/payment-provider";

const NO_PSP =
  'no Pix PSP configured: set PIX_PSP_URL and its credentials (docs/operating.md, "Going live"), route the merchant\'s charges and payouts to provider accounts (provider add, merchant update --provider), or start outside production';

/** The rails every live merchant uses: without a route, they go to the implicit PIX_PSP_* account. */
const LIVE_RAILS: Rail[] = ["charges", "payouts"];

const isFullyRouted = (routes: Partial<Record<Rail, string>>) => LIVE_RAILS.every((rail) => routes[rail]);

/**
 * Why a production start must stop: live merchants whose money has no PSP to move through (a rail
 * routed to no account while no PIX_PSP_* PSP is configured: every Pix they asked for would
 * fail). Null when nothing is wrong.
 */
export async function findLiveProviderProblem(): Promise<string | null> {
  const config = getConfig();
  if (!config.isProduction || readEnvironmentAccount(config)) return null;
  const live = await countMerchants(getDb(), { mode: "live" });
  const routed = (await listMerchantRoutes(getDb(), { mode: "live" })).filter((merchant) =>
    isFullyRouted(merchant.providerRoutes),
  ).length;
  return live > routed ? `${live - routed} live merchant(s) with rails routed to no account but ${NO_PSP}` : null;
}

/**
 * The same boundary for a merchant about to become live with these routes: refused where a start
 * would refuse it.
 */
export function assertLiveModeAvailable(routes: Partial<Record<Rail, string>>): void {
  const config = getConfig();
  if (config.isProduction && !readEnvironmentAccount(config) && !isFullyRouted(routes))
    throw new AppError("provider_unavailable", `a merchant cannot be live: ${NO_PSP}`);
}
