// Efí's Pix send, for the PSP simulator under the efi profile: PUT /v3/gn/pix/:idEnvio and
// GET /v2/gn/pix/enviados/id-envio/:idEnvio, bodies checked with the SDK's own shapes
// (efi-sdk/efi-sdk-facts.ts), Efí's refusals ({"nome", "mensagem"}), and its homologation's
// outcomes by amount: up to R$ 10.00 REALIZADO by webhook, 10.01 to 20.00 NAO_REALIZADO by
// webhook, above 20.00 refused at once (dev.efipay.com.br/docs/api-pix/envio-pagamento-pix).
// Where Efí's pages name no refusal (no webhook on the paying key) the wording is the simulator's.
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { z } from "zod";
import { newEndToEndId } from "../../lib/pix/new-end-to-end-id";
import { readValor } from "../../lib/providers/api-pix/schemas";
import { pixSendBodySchema, pixSendDetailResponseSchema } from "./efi-sdk/efi-sdk-facts";
import type { PspCertificates } from "./generate-certificates";

/** Efí's ISPB, in the end-to-end ids of the Pix it sends. */
const EFI_ISPB = "09089356";
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;

export type SendOutcome = "REALIZADO" | "NAO_REALIZADO";

/** `homologation`: each send ends after its answer, by its amount; `later`: it waits for completeSend. */
export type SendResultsSetting = "homologation" | "later";

/** A refusal in Efí's own shape. */
export type EfiRefusal = { status: number; nome: string; mensagem: string };

type PixSendBody = z.infer<typeof pixSendBodySchema>;

/** A send Efí made, as it holds it. */
export type SentPix = {
  idEnvio: string;
  endToEndId: string;
  valor: string;
  /** The paying key (the simulator's chave). */
  chave: string;
  status: "EM_PROCESSAMENTO" | SendOutcome;
  infoPagador?: string;
  horario: { solicitacao: string; liquidacao?: string };
  favorecido: PixSendBody["favorecido"];
  erro?: { codigo: string; origem: string; motivo: string };
};

/** Every PUT /v3/gn/pix received, whatever its answer. */
export type SendRequest = { idEnvio: string; body: unknown; status: number };

type Answer = { status: number; body?: unknown };

const efiError = (status: number, nome: string, mensagem: string): Answer => ({ status, body: { nome, mensagem } });

/** POSTs a JSON body as Efí does: over https with its client certificate (mTLS), or plain http. */
export function postWebhook(url: string, body: unknown, certificates: PspCertificates): Promise<number> {
  const target = new URL(url);
  const isHttps = target.protocol === "https:";
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = (isHttps ? https : http).request(target, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
      timeout: 10_000,
      ...(isHttps
        ? {
            cert: readFileSync(certificates.clientCertFile),
            key: readFileSync(certificates.clientKeyFile),
            ca: readFileSync(certificates.caFile),
          }
        : {}),
    });
    request.on("timeout", () => request.destroy(new Error("the webhook did not answer within 10 s")));
    request.on("error", reject);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.end(text);
  });
}

export function createEfiPixSend(deps: {
  chave: string;
  /** The URL registered for the paying key, or null. */
  webhookUrl: () => string | null;
  /** POSTs {"pix": items} to the webhook, unless webhooks are off. */
  notify: (items: unknown[]) => Promise<void>;
}) {
  const sent = new Map<string, SentPix>();
  const requests: SendRequest[] = [];
  let results: SendResultsSetting = "homologation";
  const refusals: EfiRefusal[] = [];

  function outcomeOf(valor: string): SendOutcome {
    return readValor(valor) <= 1000n ? "REALIZADO" : "NAO_REALIZADO";
  }

  /** The send as GET /v2/gn/pix/enviados/id-envio answers it (SDK 2.0.1's PixSendDetailResponseSchema). */
  function show(send: SentPix) {
    const favorecido =
      "contaBanco" in send.favorecido
        ? {
            contaBanco: {
              nome: send.favorecido.contaBanco.nome,
              cpf: `***.${("cpf" in send.favorecido.contaBanco ? send.favorecido.contaBanco.cpf : "").slice(3, 6)}.***-**`,
              agencia: send.favorecido.contaBanco.agencia,
              conta: send.favorecido.contaBanco.conta,
              tipoConta: send.favorecido.contaBanco.tipoConta,
            },
          }
        : { chave: send.favorecido.chave };
    return pixSendDetailResponseSchema.parse({
      endToEndId: send.endToEndId,
      idEnvio: send.idEnvio,
      valor: send.valor,
      chave: send.chave,
      status: send.status,
      ...(send.infoPagador ? { infoPagador: send.infoPagador } : {}),
      horario: send.horario,
      favorecido,
    });
  }

  /** The notification Efí POSTs when a send ends (dev.efipay.com.br/docs/api-pix/webhooks, "Pix enviado"). */
  function notification(send: SentPix) {
    return {
      endToEndId: send.endToEndId,
      chave: send.chave,
      tipo: "SOLICITACAO",
      status: send.status,
      valor: send.valor,
      horario: send.horario.liquidacao ?? null,
      ...(send.infoPagador ? { infoPagador: send.infoPagador } : {}),
      gnExtras: { idEnvio: send.idEnvio, ...(send.erro ? { erro: send.erro } : {}) },
    };
  }

  async function finish(idEnvio: string, outcome?: SendOutcome): Promise<SentPix> {
    const send = sent.get(idEnvio);
    if (!send) throw new Error(`no send under idEnvio ${idEnvio}`);
    if (send.status !== "EM_PROCESSAMENTO") throw new Error(`send ${idEnvio} is already ${send.status}`);
    send.status = outcome ?? outcomeOf(send.valor);
    if (send.status === "REALIZADO") send.horario.liquidacao = new Date().toISOString();
    else
      send.erro = {
        codigo: "AC03",
        origem: "PSP do usuário recebedor",
        motivo: "Número da agência e/ou conta transacional do usuário recebedor inexistente ou inválido",
      };
    await deps.notify([notification(send)]);
    return send;
  }

  function put(idEnvio: string, body: unknown): Answer {
    if (!ID_ENVIO.test(idEnvio))
      return efiError(400, "valor_invalido", "Campo idEnvio deve ter de 1 a 35 letras e dígitos");
    const parsed = pixSendBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return efiError(400, "valor_invalido", `Campo ${issue.path.join(".") || "corpo"} inválido: ${issue.message}`);
    }
    const request = parsed.data;
    if (!VALOR.test(request.valor) || readValor(request.valor) === 0n)
      return efiError(400, "valor_invalido", "Campo valor deve ser maior que zero, com duas casas decimais");
    if ("contaBanco" in request.favorecido) {
      const conta = request.favorecido.contaBanco;
      if (
        !/^\d{8}$/.test(conta.codigoBanco) ||
        !/^\d{1,5}$/.test(conta.agencia) ||
        !/^\d{1,19}[\dX]$/.test(conta.conta)
      )
        return efiError(400, "valor_invalido", "Campo favorecido.contaBanco inválido");
      if ("cpf" in conta && !/^\d{11}$/.test(conta.cpf))
        return efiError(400, "valor_invalido", "Documento CPF em favorecido.contaBanco.cpf é inválido");
    }
    if (sent.has(idEnvio))
      return efiError(409, "id_envio_duplicado", "O id de envio informado já foi utilizado em outro pagamento");
    if (request.pagador.chave !== deps.chave)
      return efiError(400, "chave_invalida", "A chave informada não faz referência à conta Efí autenticada");
    if (deps.webhookUrl() === null)
      return efiError(400, "webhook_nao_cadastrado", "A chave do pagador não tem um webhook associado");
    const refusal = refusals.shift();
    if (refusal) return efiError(refusal.status, refusal.nome, refusal.mensagem);
    if (readValor(request.valor) > 2000n) return efiError(422, "pagamento_negado", "Pagamento negado por análises");
    const send: SentPix = {
      idEnvio,
      endToEndId: newEndToEndId(EFI_ISPB),
      valor: request.valor,
      chave: deps.chave,
      status: "EM_PROCESSAMENTO",
      ...(request.pagador.infoPagador ? { infoPagador: request.pagador.infoPagador } : {}),
      horario: { solicitacao: new Date().toISOString() },
      favorecido: request.favorecido,
    };
    sent.set(idEnvio, send);
    // The result comes after the answer, by webhook, as Efí's queue would send it.
    if (results === "homologation") setImmediate(() => void finish(idEnvio).catch(() => undefined));
    return {
      status: 201,
      body: {
        idEnvio,
        e2eId: send.endToEndId,
        valor: send.valor,
        horario: { solicitacao: send.horario.solicitacao },
        status: send.status,
      },
    };
  }

  return {
    /** The answer to an Efí send route (path from the host root), or null for another path. */
    route(method: string, path: string, body: unknown): Answer | null {
      let match: RegExpExecArray | null;
      if ((match = /^\/v3\/gn\/pix\/([^/]+)$/.exec(path)) && method === "PUT") {
        const idEnvio = decodeURIComponent(match[1]);
        const answer = put(idEnvio, body);
        requests.push({ idEnvio, body, status: answer.status });
        return answer;
      }
      if ((match = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/.exec(path)) && method === "GET") {
        const send = sent.get(decodeURIComponent(match[1]));
        if (send) return { status: 200, body: show(send) };
        return {
          status: 404,
          body: {
            type: "https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado",
            title: "Não Encontrado",
            status: 404,
            detail: "Pix enviado não encontrado para o idEnvio informado.",
          },
        };
      }
      return null;
    },
    /** How many PUT /v3/gn/pix/:idEnvio were received for it, whatever their answer. */
    sendCount: (idEnvio: string) => requests.filter((request) => request.idEnvio === idEnvio).length,
    /** Every PUT /v3/gn/pix received, oldest first. */
    sends: (): SendRequest[] => [...requests],
    /** The send made under this idEnvio, as Efí holds it. */
    sent: (idEnvio: string): SentPix | undefined => sent.get(idEnvio),
    setSendResults(setting: SendResultsSetting) {
      results = setting;
    },
    /** Ends a send left EM_PROCESSAMENTO (by its amount unless told), and notifies it. */
    completeSend: (idEnvio: string, outcome?: SendOutcome) => finish(idEnvio, outcome),
    /** The next sends that pass validation are refused with these, in order (insufficient balance…). */
    refuseNextSend(refusal: EfiRefusal) {
      refusals.push(refusal);
    },
  };
}

export type EfiPixSend = ReturnType<typeof createEfiPixSend>;
