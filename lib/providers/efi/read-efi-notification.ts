// Efí's webhook for a key: {"pix": [...]} for Pix received on it and for the Pix sent from it.
// An item with gnExtras.idEnvio is a send (tipo SOLICITACAO, status REALIZADO or NAO_REALIZADO);
// any other is a received Pix (its end-to-end id). Only ids are taken: each is confirmed by
// asking Efí before anything changes.
//
// Authentication: Efí calls over mTLS (it always presents its certificate), which a terminator in
// front of the gateway checks; or, registered with x-skip-mtls-checking, the URL carries the
// account's secret as ?hmac= (?secret= is taken too). Efí appends /pix after the whole registered
// URL, query included, so "?hmac=abc/pix" carries "abc".
import { AppError } from "../../errors/app-error";
import { log } from "../../log/logger";
import type { ProviderNotice, WebhookRequest } from "../contract/payment-provider";
import {
  digestOf,
  hasWebhookSecret,
  readPixItems,
  readReceivedPixNotice,
  uniqueNotices,
} from "../api-pix/read-api-pix-notification";
import { idEnvioSchema } from "./schemas";
import { fromIdEnvio } from "./transformers";

function readItem(item: unknown): ProviderNotice | null {
  const gnExtras = typeof item === "object" && item !== null ? (item as { gnExtras?: unknown }).gnExtras : undefined;
  const idEnvio =
    typeof gnExtras === "object" && gnExtras !== null ? (gnExtras as { idEnvio?: unknown }).idEnvio : undefined;
  if (idEnvio === undefined || idEnvio === null) return readReceivedPixNotice(item);
  const transferId = idEnvioSchema.safeParse(idEnvio).success ? fromIdEnvio(idEnvio as string) : null;
  if (transferId) return { subject: "transfer", id: transferId, digest: digestOf(item) };
  // Another application's send from the same key, or an id Efí garbled: nothing of the gateway's.
  log.warn("notified Pix send with an idEnvio the gateway did not make; skipped", {
    idEnvio: typeof idEnvio === "string" ? idEnvio.slice(0, 40) : typeof idEnvio,
  });
  return null;
}

export function readEfiNotification(request: WebhookRequest, secret: string | null): ProviderNotice[] {
  if (!hasWebhookSecret(request.url, ["hmac", "secret"], secret))
    throw new AppError("webhook_unauthorized", "the notification URL's hmac does not match the account's secret");
  return uniqueNotices(readPixItems(request.body).map(readItem));
}
