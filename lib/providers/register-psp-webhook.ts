import { getConfig } from "../config/config";
import { AppError } from "../errors/app-error";
import { registerApiPixWebhook } from "./api-pix/register-api-pix-webhook";

/**
 * `psp webhook register`: tells the PSP where to notify received Pix for the gateway's key
 * (PUT /webhook/{chave}). Idempotent: registering again replaces the URL with the same one.
 */
export async function registerPspWebhook(): Promise<{ chave: string; webhookUrl: string }> {
  const config = getConfig();
  if (!config.psp)
    throw new AppError("invalid_argument", "no PSP is configured: set PIX_PSP_URL and its credentials first");
  const base = `${config.publicBaseUrl}/api/psp/webhook`;
  const secret = config.psp.webhookSecret;
  await registerApiPixWebhook(
    config.psp,
    config.pix.key,
    secret ? `${base}?secret=${encodeURIComponent(secret)}` : base,
  );
  // The secret stays out of the operator's terminal and logs.
  return { chave: config.pix.key, webhookUrl: secret ? `${base}?secret=…` : base };
}
