// Contract section 6 through the Central Bank's API Pix: any Brazilian receiving PSP. Charges are
// immediate cobs under the gateway's txid, payments are confirmed by asking the PSP, refunds are
// devolucoes under the gateway's refund id. Each call that moves money is repeatable: the same
// txid or refund id again answers what the PSP already holds.
import { AppError, isAppError } from "../../errors/app-error";
import type {
  PaymentProvider,
  PixCharge,
  PixChargeRequest,
  PixChargeState,
  ProviderRefund,
  ReceivedPix,
} from "../contract/payment-provider";
import type { ProviderAccount } from "../contract/provider-account";
import type { PspSettings } from "./api-pix-settings";
import { type ApiPixAnswer, type ApiPixClient, createApiPixClient } from "./api-pix-client";
import { readApiPixNotification } from "./read-api-pix-notification";
import { cobAnswerSchema, devolucaoAnswerSchema, pixAnswerSchema, pixListAnswerSchema } from "./schemas";
import {
  checkCob,
  toChargeState,
  toCobRequest,
  toDevolucaoId,
  toDevolucaoRequest,
  toPixCharge,
  toProviderRefund,
  toReceivedPix,
} from "./transformers";

// The only answers to PUT devolucao that end a refund: a definite business refusal (the amount
// exceeds what is left, the Pix is too old…). Anything else says "not now" rather than "no" (403
// while a token is renewed, 408, 409 for a call in flight, 423, 429…): the refund stays pending
// and is asked for again under the same id.
const REFUND_REFUSED = new Set([400, 422]);

// A charge's Pix come a little after its creation; a minute before it covers clocks that differ.
const CLOCK_MARGIN_MS = 60_000;

/** The body of a 2xx answer, or null for a 404 (the PSP has no such thing). */
function readOrNull<T>(answer: ApiPixAnswer, read: (answer: ApiPixAnswer) => T): T | null {
  return answer.status === 404 ? null : read(answer);
}

/**
 * The adapter for one account. `apiPath` prefixes every API Pix path, for a PSP whose API Pix sits
 * under its host beside other APIs (Efí's /v2); `client` shares one OAuth token with such an
 * adapter's other calls.
 */
export function createApiPixProvider(
  account: ProviderAccount<PspSettings>,
  options: { apiPath?: string; client?: ApiPixClient } = {},
): PaymentProvider {
  const { settings, pixKey: chave } = account;
  const shared = options.client ?? createApiPixClient(settings, account.id);
  const apiPath = options.apiPath ?? "";
  const client: ApiPixClient = {
    ...shared,
    send: (request) => shared.send({ ...request, path: apiPath + request.path }),
  };

  async function getCob(txid: string) {
    const answer = await client.send({ method: "GET", path: `/cob/${encodeURIComponent(txid)}` });
    return readOrNull(answer, (found) => client.read(found, cobAnswerSchema));
  }

  async function getDevolucao(endToEndId: string, devolucaoId: string) {
    const answer = await client.send({
      method: "GET",
      path: `/pix/${encodeURIComponent(endToEndId)}/devolucao/${devolucaoId}`,
    });
    return readOrNull(answer, (found) => client.read(found, devolucaoAnswerSchema));
  }

  /** GET /pix over a window, every page of it, as many as the PSP says there are. */
  async function listPix(window: { from: Date; to: Date; txid?: string }): Promise<ReceivedPix[]> {
    const received = [];
    for (let page = 0, pages = 1; page < pages; page++) {
      const answer = await client.send({
        method: "GET",
        path: "/pix",
        query: {
          inicio: window.from.toISOString(),
          fim: window.to.toISOString(),
          ...(window.txid ? { txid: window.txid } : {}),
          "paginacao.paginaAtual": String(page),
        },
      });
      const list = client.read(answer, pixListAnswerSchema);
      received.push(...list.pix.map(toReceivedPix));
      pages = list.parametros.paginacao.quantidadeDePaginas;
    }
    return received;
  }

  return {
    accountId: account.id,
    kind: account.kind,
    charges: {
      canSimulatePayments: false,
      // The PSP ends its charges (calendario.expiracao): the gateway asks before it expires one.
      expiresCharges: "provider",
      // API Pix charges take 26 to 35 letters and digits.
      txidLength: 32,
      createPixCharge,
      findPixCharge,
      findReceivedPix,
      listReceivedPix: ({ from, to }) => listPix({ from, to }),
    },
    refunds: { requestRefund, findRefund },
    readNotification: (request) => readApiPixNotification(request, settings.webhookSecret),
    async registerWebhook(url) {
      const secret = settings.webhookSecret;
      const webhookUrl = secret ? `${url}?secret=${encodeURIComponent(secret)}` : url;
      const answer = await client.send({
        method: "PUT",
        path: `/webhook/${encodeURIComponent(chave)}`,
        // Efí's x-skip-mtls-checking belongs here only: it changes how the PSP calls the webhook.
        headers: settings.webhookHeaders,
        query: settings.webhookQuery,
        body: { webhookUrl },
      });
      if (answer.status < 200 || answer.status > 299) throw client.refusal(answer);
      // The secret stays out of the operator's terminal and logs.
      return { chave, webhookUrl: secret ? `${url}?secret=…` : url };
    },
  };

  async function createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    const asked = { txid: request.txid, chave, amountCents: request.amountCents };
    const answer = await client.send({
      method: "PUT",
      path: `/cob/${encodeURIComponent(request.txid)}`,
      body: toCobRequest(request, chave),
    });
    if (answer.status >= 400) {
      // PSPs refuse a second PUT of a txid (400 or 409, wording of their own). After a timeout or
      // a crash the charge may well exist: if the PSP holds it as asked, it is ours.
      const existing = await getCob(request.txid);
      if (!existing) throw client.refusal(answer);
      return toPixCharge(checkCob(existing, asked));
    }
    return toPixCharge(checkCob(client.read(answer, cobAnswerSchema), asked));
  }

  async function findPixCharge(txid: string): Promise<PixChargeState | null> {
    const cob = await getCob(txid);
    if (!cob) return null;
    const state = toChargeState(checkCob(cob, { txid, chave }));
    if (state.status !== "paid" || state.payments.length > 0) return state;
    // CONCLUIDA without its pix[] (the document allows it): its Pix are asked for by txid, from
    // the charge's creation on. Only those that name this txid count, should a PSP ignore the filter.
    const createdAt = cob.calendario?.criacao;
    if (!createdAt)
      throw new AppError(
        "provider_error",
        `the PSP's paid charge ${txid} lists no Pix and no readable calendario.criacao to look them up from`,
      );
    const listed = await listPix({ from: new Date(createdAt.getTime() - CLOCK_MARGIN_MS), to: new Date(), txid });
    return { ...state, payments: listed.filter((pix) => pix.txid === txid) };
  }

  async function findReceivedPix(endToEndId: string): Promise<ReceivedPix | null> {
    const answer = await client.send({ method: "GET", path: `/pix/${encodeURIComponent(endToEndId)}` });
    const pix = readOrNull(answer, (found) => client.read(found, pixAnswerSchema));
    return pix && toReceivedPix(pix);
  }

  async function requestRefund({
    endToEndId,
    refundId,
    amountCents,
    description,
  }: {
    endToEndId: string;
    refundId: string;
    amountCents: bigint;
    description?: string;
  }): Promise<ProviderRefund> {
    const devolucaoId = toDevolucaoId(refundId);
    const path = `/pix/${encodeURIComponent(endToEndId)}/devolucao/${devolucaoId}`;
    const answer = await client.send({ method: "PUT", path, body: toDevolucaoRequest(amountCents, description) });
    if (answer.status >= 400) {
      const refusal = client.refusal(answer);
      // As for charges: a repeated id is refused by some PSPs (a 409 often means just that); the
      // refund it names is the answer. Not knowing whether it holds one is no answer at all.
      const existing = await getDevolucao(endToEndId, devolucaoId).catch((error: unknown) => {
        if (!isAppError(error)) throw error;
        throw new AppError(
          "provider_unavailable",
          `${refusal.detail}; looking devolucao ${devolucaoId} up failed too: ${error.detail}`,
        );
      });
      if (existing && existing.valor === amountCents) return { ...toProviderRefund(existing), refundId };
      if (REFUND_REFUSED.has(answer.status)) throw refusal;
      // The PSP knows no such Pix: final for the domain only once it says so again later.
      if (answer.status === 404) throw new AppError("not_found", refusal.detail);
      throw new AppError("provider_unavailable", refusal.detail);
    }
    return { ...toProviderRefund(client.read(answer, devolucaoAnswerSchema)), refundId };
  }

  async function findRefund({ endToEndId, refundId }: { endToEndId: string; refundId: string }) {
    const devolucao = await getDevolucao(endToEndId, toDevolucaoId(refundId));
    return devolucao && { ...toProviderRefund(devolucao), refundId };
  }
}
