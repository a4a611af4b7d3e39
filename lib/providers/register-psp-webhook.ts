import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";
import { IMPLICIT_ACCOUNT_ID, findProvider } from "./registry";

/**
 * `psp webhook register [--account pa_…]`: tells the account's PSP where to notify what happens
 * on its key (received Pix, payouts' sends): $PUBLIC_BASE_URL/api/psp/webhook/{account}, or
 * /api/psp/webhook for the implicit account of PIX_PSP_*. Idempotent: registering again replaces
 * the URL with the same one. Audited once the PSP accepted, with the URL but not its secret.
 */
export async function registerPspWebhook(
  accountId: string | undefined,
  by: AuditActor,
): Promise<{ chave: string; webhookUrl: string }> {
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
  const url = accountId ? `${base}/${accountId}` : base;
  const registered = await provider.registerWebhook(url);
  await recordAuditEvent(getDb(), {
    actor: by,
    action: "provider_account.webhook_registered",
    targetType: "provider_account",
    targetId: provider.accountId,
    merchantId: null,
    ip: null,
    detail: { webhook_url: url },
  });
  return registered;
}
