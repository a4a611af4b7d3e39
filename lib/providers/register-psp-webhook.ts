import { getConfig } from "../config/config";
import { AppError } from "../errors/app-error";
import { IMPLICIT_ACCOUNT_ID, findProvider } from "./registry";

/**
 * `psp webhook register [--account pa_…]`: tells the account's PSP where to notify what happens
 * on its key (received Pix, payouts' sends): $PUBLIC_BASE_URL/api/psp/webhook/{account}, or
 * /api/psp/webhook for the implicit account of PIX_PSP_*. Idempotent: registering again replaces
 * the URL with the same one.
 */
export async function registerPspWebhook(accountId?: string): Promise<{ chave: string; webhookUrl: string }> {
  const provider = await findProvider(accountId ?? IMPLICIT_ACCOUNT_ID).catch((error: unknown) => {
    throw new AppError(
      "invalid_argument",
      accountId
        ? `no provider account ${accountId}: see provider list`
        : `no PSP is configured: set PIX_PSP_URL and its credentials, or name an account with --account (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  if (!provider.registerWebhook)
    throw new AppError("invalid_argument", `provider account ${provider.accountId} takes no webhook`);
  const base = `${getConfig().publicBaseUrl}/api/psp/webhook`;
  return provider.registerWebhook(accountId ? `${base}/${accountId}` : base);
}
