// The registry: builds the adapter that serves an account, by its kind's declaration
// (lib/providers/kinds). The domain asks it for the provider of a merchant's rail (new
// transactions) or for the account that issued a transaction (settling, refunding and reconciling
// it), never for a kind. Accounts are the operators' (`provider add`, lib/providers/accounts); two
// more are built in: the sandbox, and the implicit account the PIX_PSP_* variables seed for
// deployments that predate accounts (its id is what their transactions already store).
import { AppError } from "../errors/app-error";
import { log } from "../log/logger";
import { listProviderAccountIds } from "./accounts/list-provider-account-ids";
import { loadProviderAccount } from "./accounts/load-provider-account";
import { ENVIRONMENT_ACCOUNT_ID, readEnvironmentAccount } from "./accounts/read-environment-account";
import type { PaymentProvider, Rail } from "./contract/payment-provider";
import type { ProviderAccount } from "./contract/provider-account";
import { findProviderKind } from "./kinds/provider-kinds";
import { sandboxProvider } from "./sandbox/sandbox-provider";

const SANDBOX_ID = sandboxProvider.accountId;
export const IMPLICIT_ACCOUNT_ID = ENVIRONMENT_ACCOUNT_ID;

// On globalThis: Next.js's bundle (the routes) and npm start's script (the background jobs) each
// load their own copy of this module, and one adapter per account and process means one OAuth
// token and one pool of TLS connections to each PSP rather than one of each per copy.
const shared = globalThis as unknown as { cashierProviders?: Map<string, PaymentProvider> };
const built = () => (shared.cashierProviders ??= new Map());

const NO_PSP =
  "live payments are not available: the gateway has no Pix PSP configured; the operator sets PIX_PSP_URL and its credentials, or routes the merchant to a provider account";

const implicitAccount = () => readEnvironmentAccount();

async function loadAccount(accountId: string): Promise<ProviderAccount | null> {
  return accountId === IMPLICIT_ACCOUNT_ID ? implicitAccount() : loadProviderAccount(accountId);
}

function build(account: ProviderAccount): PaymentProvider {
  const cached = built().get(account.id);
  if (cached) return cached;
  const kind = findProviderKind(account.kind);
  if (!kind) throw new AppError("internal_error", `provider account ${account.id} is of an unknown kind`);
  const provider = kind.create(account);
  built().set(account.id, provider);
  return provider;
}

/** The provider that issued an existing transaction: it settles, refunds and reconciles it. */
export async function findProvider(accountId: string | null): Promise<PaymentProvider> {
  if (accountId === SANDBOX_ID) return sandboxProvider;
  const cached = accountId === null ? undefined : built().get(accountId);
  if (cached) return cached;
  const account = accountId === null ? null : await loadAccount(accountId);
  if (!account) {
    if (accountId === IMPLICIT_ACCOUNT_ID) throw new AppError("provider_unavailable", NO_PSP);
    throw new AppError("internal_error", `no provider account ${accountId}`);
  }
  return build(account);
}

/**
 * The provider a merchant's new transactions of one rail go to. Sandbox merchants never reach a
 * real PSP, and live merchants never the sandbox: the mode decides, not the request. A live
 * merchant's rail goes to the account it is routed to, or else to the implicit account.
 */
export async function providerForRail(
  merchant: { mode: string; providerRoutes?: Partial<Record<Rail, string>> },
  rail: Rail,
): Promise<PaymentProvider> {
  if (merchant.mode !== "live") return sandboxProvider;
  const routed = merchant.providerRoutes?.[rail];
  if (!routed) {
    const account = implicitAccount();
    if (!account) throw new AppError("provider_unavailable", NO_PSP);
    return build(account);
  }
  const account = await loadProviderAccount(routed).catch((error: unknown) => {
    // Its secrets no longer open (CASHIER_ENCRYPTION_KEY changed): the merchant is told the
    // provider is unavailable, the operator reads why in the log.
    log.error("a provider account could not be loaded", { account: routed, error: String(error) });
    throw new AppError(
      "provider_unavailable",
      `live ${rail} are not available: provider account ${routed} cannot be used`,
    );
  });
  if (!account || account.disabledAt !== null || !account.rails.includes(rail)) {
    throw new AppError(
      "provider_unavailable",
      `live ${rail} are not available: provider account ${routed} is disabled or does not serve them; the operator routes the merchant to another`,
    );
  }
  return build(account);
}

/** Whether an operator disabled the account: nothing new leaves through it. */
export async function isProviderAccountDisabled(accountId: string | null): Promise<boolean> {
  if (accountId === null || accountId === SANDBOX_ID || accountId === IMPLICIT_ACCOUNT_ID) return false;
  return (await listProviderAccountIds()).some((account) => account.id === accountId && account.disabledAt !== null);
}

/**
 * Every live provider that may hold transactions (the implicit account and every stored one,
 * disabled ones included: what they issued is still theirs to settle), for reconciliation.
 * An account that cannot be loaded is left out, and named, rather than stopping the others.
 */
export async function listLiveProviders(): Promise<{ providers: PaymentProvider[]; failed: string[] }> {
  const providers: PaymentProvider[] = [];
  const failed: string[] = [];
  const implicit = implicitAccount();
  if (implicit) providers.push(build(implicit));
  for (const { id } of await listProviderAccountIds()) {
    try {
      providers.push(await findProvider(id));
    } catch {
      failed.push(id);
    }
  }
  return { providers, failed };
}

/** The accounts whose unpaid charges the gateway's sweep expires (the provider keeps no state of them). */
export async function listGatewayExpiringAccounts(): Promise<string[]> {
  const { providers } = await listLiveProviders();
  return [sandboxProvider, ...providers]
    .filter((provider) => provider.charges?.expiresCharges === "gateway")
    .map((provider) => provider.accountId);
}

/** For tests that point the process at another PSP, and after an account's settings change. */
export function forgetProviders(): void {
  built().clear();
}

type Capability = "charges" | "refunds" | "transfers" | "initiations" | "disputes";

/** The capability a provider must have for the operation at hand, or a 503 that says which is missing. */
export function capabilityOf<K extends Capability>(provider: PaymentProvider, capability: K) {
  const found = provider[capability];
  if (!found)
    throw new AppError(
      "provider_unavailable",
      `provider account ${provider.accountId} cannot serve ${capability}; the operator routes this rail to another`,
    );
  return found as NonNullable<PaymentProvider[K]>;
}
