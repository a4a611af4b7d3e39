// Contract section 6 through the Central Bank's API Pix: any Brazilian receiving PSP. Charges are
// immediate cobs under the gateway's txid, payments are confirmed by asking the PSP, refunds are
// devolucoes under the gateway's refund id. Each call that moves money is repeatable: the same
// txid or refund id again answers what the PSP already holds.
import type { PspSettings } from "../../config/config";
import type { PaymentProvider, ProviderRefund } from "../payment-provider";
import { type ApiPixAnswer, createApiPixClient } from "./api-pix-client";
import { cobSchema, devolucaoSchema, pixListSchema, pixSchema } from "./schemas";
import {
  toChargeState,
  toCobRequest,
  toDevolucaoId,
  toDevolucaoRequest,
  toPixCharge,
  toProviderRefund,
  toReceivedPix,
  valorToCents,
} from "./transformers";

/** The body of a 2xx answer, or null for a 404 (the PSP has no such thing). */
function readOrNull<T>(answer: ApiPixAnswer, read: (answer: ApiPixAnswer) => T): T | null {
  return answer.status === 404 ? null : read(answer);
}

export function createApiPixProvider(settings: PspSettings, chave: string): PaymentProvider {
  const client = createApiPixClient(settings);

  async function getCob(txid: string) {
    const answer = await client.send({ method: "GET", path: `/cob/${encodeURIComponent(txid)}` });
    return readOrNull(answer, (found) => client.read(found, cobSchema));
  }

  async function getDevolucao(endToEndId: string, devolucaoId: string) {
    const answer = await client.send({ method: "GET", path: `/pix/${encodeURIComponent(endToEndId)}/devolucao/${devolucaoId}` });
    return readOrNull(answer, (found) => client.read(found, devolucaoSchema));
  }

  return {
    name: "api_pix",
    canSimulatePayments: false,
    // API Pix charges take 26 to 35 letters and digits.
    txidLength: 32,

    async createPixCharge(request) {
      const answer = await client.send({ method: "PUT", path: `/cob/${encodeURIComponent(request.txid)}`, body: toCobRequest(request, chave) });
      if (answer.status >= 400) {
        // PSPs refuse a second PUT of a txid (400 or 409, wording of their own). After a timeout or
        // a crash the charge may well exist: if the PSP holds it for this amount, it is ours.
        const existing = await getCob(request.txid);
        if (existing && valorToCents(existing.valor.original) === request.amountCents) return toPixCharge(existing);
        throw client.refusal(answer);
      }
      return toPixCharge(client.read(answer, cobSchema));
    },

    async findPixCharge(txid) {
      const cob = await getCob(txid);
      return cob && toChargeState(cob);
    },

    async findReceivedPix(endToEndId) {
      const answer = await client.send({ method: "GET", path: `/pix/${encodeURIComponent(endToEndId)}` });
      const pix = readOrNull(answer, (found) => client.read(found, pixSchema));
      return pix && toReceivedPix(pix);
    },

    async listReceivedPix({ from, to }) {
      const received = [];
      // Every page of the window, as many as the PSP says there are.
      for (let page = 0, pages = 1; page < pages; page++) {
        const answer = await client.send({
          method: "GET",
          path: "/pix",
          query: { inicio: from.toISOString(), fim: to.toISOString(), "paginacao.paginaAtual": String(page) },
        });
        const list = client.read(answer, pixListSchema);
        received.push(...list.pix.map(toReceivedPix));
        pages = list.parametros.paginacao.quantidadeDePaginas;
      }
      return received;
    },

    async requestRefund({ endToEndId, refundId, amountCents, description }): Promise<ProviderRefund> {
      const devolucaoId = toDevolucaoId(refundId);
      const path = `/pix/${encodeURIComponent(endToEndId)}/devolucao/${devolucaoId}`;
      const answer = await client.send({ method: "PUT", path, body: toDevolucaoRequest(amountCents, description) });
      if (answer.status >= 400) {
        // As for charges: a repeated id is refused by some PSPs; the refund it names is the answer.
        const existing = await getDevolucao(endToEndId, devolucaoId);
        if (existing && valorToCents(existing.valor) === amountCents) return { ...toProviderRefund(existing), refundId };
        throw client.refusal(answer);
      }
      return { ...toProviderRefund(client.read(answer, devolucaoSchema)), refundId };
    },

    async findRefund({ endToEndId, refundId }) {
      const devolucao = await getDevolucao(endToEndId, toDevolucaoId(refundId));
      return devolucao && { ...toProviderRefund(devolucao), refundId };
    },

    // The API Pix receives; it has no call that sends money. A live payout is sent by the
    // operator through the PSP's own channel (internet banking, its payments API) and only then
    // marked here, so there is nothing to tell the PSP: marking records what already happened.
    async settlePayout() {},
  };
}
