import { AppError } from "../errors/app-error";
import type { PaymentProvider } from "./payment-provider";
import { sandboxProvider } from "./sandbox-provider";

const providers: Record<string, PaymentProvider> = { [sandboxProvider.name]: sandboxProvider };

/**
 * The provider new transactions go to. Only the sandbox exists today, for sandbox and live
 * merchants alike: it issues real BR Codes, but only a sandbox merchant's deposits can be settled
 * by hand. A PSP adapter registers above and becomes the live merchants' provider.
 */
export const defaultProvider: PaymentProvider = sandboxProvider;

/** The provider that issued an existing transaction. */
export function findProviderByName(name: string | null): PaymentProvider {
  const provider = providers[name ?? ""];
  if (!provider) throw new AppError("internal_error", `unknown provider ${name}`);
  return provider;
}
