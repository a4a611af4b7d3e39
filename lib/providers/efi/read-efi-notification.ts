// Efí's webhook for a key: {"pix": [...]} for Pix received on it and for the Pix sent from it.
// An item with gnExtras.idEnvio is a send (tipo SOLICITACAO, status REALIZADO or NAO_REALIZADO);
// any other is a received Pix (its end-to-end id). Only ids are taken: each is confirmed by
// asking Efí before anything changes.
//
// Authentication: Efí calls over mTLS (it always presents its certificate), which a terminator in
// front of the gateway checks; or, registered with x-skip-mtls-checking, the URL carries the
// account's secret as ?hmac= (?secret= is taken too). Efí appends /pix after the whole registered
// URL, query included, so "?hmac=abc/pix" carries "abc".
//
// Open Finance (payment initiation) posts its own shape to the URL set by PUT /v1/config, the
// same account address: one object {identificadorPagamento, valor, status, tipo: "pagamento" |
// "devolucao", …} per call (dev.efipay.com.br/docs/api-open-finance/webhooks), with ?hmac=
// appended when configured so. It is told apart by that shape, and names the payment (a
// devolucao's notice names its payment too: the refund is read from the payment's listing).
import { AppError } from "../../errors/app-error";
import { MAX_NOTICES } from "../contract/payment-provider";
import { log } from "../../log/logger";
import type { ProviderNotice, WebhookRequest } from "../contract/payment-provider";
import {
  digestOf,
  hasWebhookSecret,
  readPixItems,
  readReceivedPixNotice,
  uniqueNotices,
} from "../api-pix/read-api-pix-notification";
import { paymentIdSchema } from "./open-finance-schemas";
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

/** Whether an item has Open Finance's shape: an identificadorPagamento and no Pix fields. */
function isOpenFinanceItem(item: unknown): item is { identificadorPagamento: unknown } {
  return typeof item === "object" && item !== null && !Array.isArray(item) && "identificadorPagamento" in item;
}

function readOpenFinanceItem(item: { identificadorPagamento: unknown }): ProviderNotice | null {
  const id = item.identificadorPagamento;
  if (paymentIdSchema.safeParse(id).success) return { subject: "initiation", id: id as string, digest: digestOf(item) };
  log.warn("notified Open Finance payment without a readable identificadorPagamento; skipped", {
    identificadorPagamento: typeof id === "string" ? id.slice(0, 60) : typeof id,
  });
  return null;
}

/** Open Finance's body: one payment's object, or (should Efí batch them) a list of them. */
function readOpenFinanceItems(body: unknown): unknown[] | null {
  if (isOpenFinanceItem(body)) return [body];
  if (!Array.isArray(body) || !body.some(isOpenFinanceItem)) return null;
  if (body.length > MAX_NOTICES) {
    const message = `must list at most ${MAX_NOTICES} payments; ${body.length} were sent`;
    throw new AppError("validation_failed", `body: ${message}`, [{ path: "body", message }]);
  }
  return body;
}

export function readEfiNotification(request: WebhookRequest, secret: string | null): ProviderNotice[] {
  if (!hasWebhookSecret(request.url, ["hmac", "secret"], secret))
    throw new AppError("webhook_unauthorized", "the notification URL's hmac does not match the account's secret");
  const openFinance = readOpenFinanceItems(request.body);
  if (openFinance)
    return uniqueNotices(openFinance.map((item) => (isOpenFinanceItem(item) ? readOpenFinanceItem(item) : null)));
  return uniqueNotices(readPixItems(request.body).map(readItem));
}
