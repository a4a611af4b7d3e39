import type { PspSettings } from "../../config/config";
import { createApiPixClient } from "./api-pix-client";

/**
 * PUT /webhook/{chave}: where the PSP notifies the Pix received on the gateway's key (it POSTs
 * {"pix": [...]} to the URL with /pix appended). Registering the same URL again changes nothing.
 */
export async function registerApiPixWebhook(settings: PspSettings, chave: string, webhookUrl: string): Promise<void> {
  const client = createApiPixClient(settings);
  const answer = await client.send({
    method: "PUT",
    path: `/webhook/${encodeURIComponent(chave)}`,
    // Efí's x-skip-mtls-checking belongs here only: it changes how the PSP calls the webhook.
    headers: settings.webhookHeaders,
    query: settings.webhookQuery,
    body: { webhookUrl },
  });
  if (answer.status < 200 || answer.status > 299) throw client.refusal(answer);
}
