import { getConfig } from "../config/config";
import type { MerchantMode } from "../db/merchants";
import { AppError } from "../errors/app-error";
import { createApiPixProvider } from "./api-pix/create-api-pix-provider";
import type { PaymentProvider, ProviderName } from "./contract/payment-provider";
import { sandboxProvider } from "./sandbox-provider";

// On globalThis: Next.js's bundle (the routes) and npm start's script (the background jobs) each
// load their own copy of this module, and one provider per process means one OAuth token and one
// pool of TLS connections to the PSP rather than one of each per copy.
const shared = globalThis as unknown as { cashierApiPixProvider?: PaymentProvider };

/** The PSP reached through the Central Bank's API Pix, built once from the configuration. */
function findApiPixProvider(): PaymentProvider {
  const config = getConfig();
  if (!config.psp) {
    throw new AppError(
      "provider_unavailable",
      "live payments are not available: the gateway has no Pix PSP configured; the operator sets PIX_PSP_URL and its credentials",
    );
  }
  shared.cashierApiPixProvider ??= createApiPixProvider(config.psp, config.pix.key);
  return shared.cashierApiPixProvider;
}

/**
 * The provider a merchant's new transactions go to. Sandbox merchants never reach a real PSP, and
 * live merchants never the sandbox: the mode decides, not the request.
 */
export function providerForMode(mode: MerchantMode): PaymentProvider {
  return mode === "live" ? findApiPixProvider() : sandboxProvider;
}

/** The provider that issued an existing transaction. */
export function findProviderByName(name: string | null): PaymentProvider {
  const known: Record<ProviderName, () => PaymentProvider> = {
    sandbox: () => sandboxProvider,
    api_pix: findApiPixProvider,
  };
  const find = known[name as ProviderName];
  if (!find) throw new AppError("internal_error", `unknown provider ${name}`);
  return find();
}

/** For tests that point the process at another PSP. */
export function forgetApiPixProvider(): void {
  shared.cashierApiPixProvider = undefined;
}
