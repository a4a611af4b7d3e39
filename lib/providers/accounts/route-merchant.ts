import type { DbOrTx } from "../../db/client";
import type { MerchantMode, ProviderRoutes } from "../../db/merchants";
import { findProviderAccount } from "../../db/provider-accounts";
import { AppError } from "../../errors/app-error";
import { RAILS, type Rail } from "../contract/payment-provider";
import { providerAccountIdSchema } from "./schemas";

export type RouteChange = {
  /** Drops every route first: the merchant's rails go back to the implicit PIX_PSP_* account. */
  isCleared?: boolean;
  /** Every rail this account serves goes to it. */
  provider?: string;
  /** One rail to one account, as RAIL=pa_…; applied after `provider`, so it wins for its rail. */
  providerFor?: string[];
};

async function findRoutableAccount(db: DbOrTx, accountId: string) {
  const id = providerAccountIdSchema.safeParse(accountId);
  if (!id.success) throw new AppError("invalid_argument", `${accountId} ${id.error.issues[0].message}`);
  const account = await findProviderAccount(db, id.data);
  if (!account) throw new AppError("not_found", `no provider account ${accountId}`);
  if (account.disabledAt)
    throw new AppError(
      "state_conflict",
      `provider account ${accountId} (${account.label}) is disabled: no merchant can be routed to it`,
    );
  return account;
}

function parseRailRoute(text: string): { rail: Rail; accountId: string } {
  const [rail, accountId, ...rest] = text.split("=");
  if (accountId === undefined || rest.length > 0 || accountId === "")
    throw new AppError("invalid_argument", `--provider-for ${text}: expected RAIL=pa_…, such as payouts=pa_…`);
  if (!(RAILS as readonly string[]).includes(rail))
    throw new AppError("invalid_argument", `--provider-for ${text}: ${rail} is not a rail (${RAILS.join(", ")})`);
  return { rail: rail as Rail, accountId };
}

/**
 * A merchant's routes after a change, each checked: the account exists, is enabled and serves the
 * rail. Sandbox merchants are never routed: their money stays in the built-in sandbox, whatever
 * account exists. Reads in `db`, the transaction that writes the routes.
 */
export async function routeMerchant(
  db: DbOrTx,
  merchant: { id: string | null; mode: MerchantMode; providerRoutes: ProviderRoutes },
  change: RouteChange,
): Promise<ProviderRoutes> {
  const isRouting = change.provider !== undefined || (change.providerFor ?? []).length > 0;
  if (isRouting && merchant.mode !== "live")
    throw new AppError(
      "invalid_argument",
      `${merchant.id ? `merchant ${merchant.id} is` : "the merchant would be"} a sandbox merchant: sandbox merchants always use the built-in sandbox and cannot be routed to a provider account (make it live first)`,
    );
  const routes: ProviderRoutes = change.isCleared ? {} : { ...merchant.providerRoutes };
  if (change.provider !== undefined) {
    const account = await findRoutableAccount(db, change.provider);
    for (const rail of account.rails) routes[rail] = account.id;
  }
  const seen = new Set<Rail>();
  for (const text of change.providerFor ?? []) {
    const { rail, accountId } = parseRailRoute(text);
    if (seen.has(rail)) throw new AppError("invalid_argument", `--provider-for names ${rail} twice`);
    seen.add(rail);
    const account = await findRoutableAccount(db, accountId);
    if (!account.rails.includes(rail))
      throw new AppError(
        "invalid_argument",
        `provider account ${account.id} (${account.label}) does not serve ${rail}; it serves ${account.rails.join(", ")}`,
      );
    routes[rail] = account.id;
  }
  return routes;
}
