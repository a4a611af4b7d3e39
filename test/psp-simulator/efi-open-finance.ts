// Efí's Open Finance API (payment initiation), for the PSP simulator under the efi profile: the
// routes under /v1 of the simulator's origin (token, participants, POST and GET /pagamentos/pix,
// devolver, PUT and GET /config), bodies checked with the SDK's shapes (efi-sdk/efi-sdk-facts.ts),
// Efí's refusals ({"nome", "mensagem"}), and a fake bank: a plain http page at each payment's
// redirectURI where the customer presses Aprovar or Recusar. Deciding sets the payment's status,
// POSTs Efí's webhook to the configured webhookURL (?hmac= appended when the config says hmac),
// and sends the customer back to the configured redirectURL with ?identificadorPagamento=…
// (and &erro=… when refused).
//
// Efí's homologation (dev.efipay.com.br/docs/api-open-finance/webhooks): R$ 0.11 is rejected,
// any other amount accepted, both told by webhook; here the outcome comes once the customer
// presses Aprovar. Where Efí's pages say nothing (the bank's page, the parameters on the way back,
// the refusal when no config exists) the behaviour and wording are the simulator's.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { newEndToEndId } from "../../lib/pix/new-end-to-end-id";
import { readValor } from "../../lib/providers/api-pix/schemas";
import {
  ofConfigBodySchema,
  ofDevolutionPixBodySchema,
  ofIdempotencyKeySchema,
  ofListPixPaymentParamsSchema,
  ofStartPixPaymentBodySchema,
} from "./efi-sdk/efi-sdk-facts";

/** Efí's ISPB: the receiving account's institution in the simulated end-to-end ids. */
const PAYER_BANK_ISPB = "99999996";
const REJECTED_IN_HOMOLOGATION = 11n;

export type InitiationStatus = "pendente" | "aceito" | "rejeitado" | "cancelado" | "expirado";

export type SimulatedDevolucao = {
  identificadorDevolucao: string;
  valor: string;
  status: "pendente" | "aceito" | "rejeitado";
  dataCriacao: string;
  idempotencyKey: string | null;
};

/** A payment Efí initiated, as it holds it. */
export type SimulatedInitiation = {
  identificadorPagamento: string;
  idempotencyKey: string;
  /** The body it was started with, as received. */
  body: unknown;
  valor: string;
  idProprio?: string;
  idParticipante: string;
  status: InitiationStatus;
  dataCriacao: string;
  endToEndId?: string;
  motivo?: string;
  redirectURI: string;
  devolucoes: SimulatedDevolucao[];
};

export type OpenFinanceConfig = {
  redirectURL: string;
  webhookURL: string;
  webhookSecurity: { type: "mtls" } | { type: "hmac"; hash: string };
  processPayment: "async" | "sync";
  generateTxIdForInic: boolean;
};

/** The customer's decision at the bank, and where it sent them. */
export type BankDecision = { initiation: SimulatedInitiation; location: string | null };

type Answer = { status: number; body?: unknown };

const efiError = (status: number, nome: string, mensagem: string): Answer => ({ status, body: { nome, mensagem } });

/** Open Finance's participants (identifiers are made up; the logos are addresses, never fetched). */
export const SIMULATED_PARTICIPANTS = [
  ["Banco do Brasil", "bb"],
  ["Bradesco", "bradesco"],
  ["Caixa Econômica Federal", "caixa"],
  ["Nubank", "nubank"],
  ["Santander", "santander"],
  ["Itaú", "itau"],
  ["Banco Inter", "inter"],
].map(([nome, slug], index) => ({
  identificador: `9f4cd202-8f2b-11ec-b909-0242ac12000${index + 1}`,
  nome,
  descricao: `${nome} (simulado)`,
  portal: "Open Finance Brasil",
  logo: `https://logos.simulador.example/${slug}.svg`,
  organizacoes: [{ nome, cnpj: String(10_000_000_000_100 + index), status: "Ativo" as const }],
}));

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );
}

function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
  });
}

export async function createEfiOpenFinance(deps: {
  /** POSTs a webhook body (mTLS to https, as Efí presents its certificate); the delivery is recorded. */
  post: (url: string, body: unknown) => Promise<void>;
  webhooksEnabled: () => boolean;
  host: string;
}) {
  const initiations = new Map<string, SimulatedInitiation>();
  const byKey = new Map<string, SimulatedInitiation>();
  const byBankToken = new Map<string, SimulatedInitiation>();
  const attempts = new Map<string, number>();
  let config: OpenFinanceConfig | null = null;
  let refundResult: "aceito" | "rejeitado" | "later" = "aceito";
  let listsUnsettledBare = false;

  const bank = http.createServer((request, response) => void serveBank(request, response));
  await new Promise<void>((resolve) => bank.listen(0, deps.host, resolve));
  const { address, port } = bank.address() as AddressInfo;
  const bankOrigin = `http://${address}:${port}`;

  function webhookTarget(): string | null {
    if (!config) return null;
    if (config.webhookSecurity.type !== "hmac") return config.webhookURL;
    const separator = config.webhookURL.includes("?") ? "&" : "?";
    return `${config.webhookURL}${separator}hmac=${encodeURIComponent(config.webhookSecurity.hash)}`;
  }

  async function notify(body: unknown): Promise<void> {
    const url = webhookTarget();
    if (!url || !deps.webhooksEnabled()) return;
    await deps.post(url, body);
  }

  /** The webhook of a payment's status (dev.efipay.com.br/docs/api-open-finance/webhooks). */
  function paymentNotice(initiation: SimulatedInitiation) {
    return {
      identificadorPagamento: initiation.identificadorPagamento,
      valor: initiation.valor,
      status: initiation.status,
      dataCriacao: initiation.dataCriacao,
      ...(initiation.endToEndId ? { endToEndId: initiation.endToEndId } : {}),
      ...(initiation.idProprio ? { idProprio: initiation.idProprio } : {}),
      tipo: "pagamento",
      ...(initiation.motivo ? { motivo: initiation.motivo } : {}),
    };
  }

  function refundNotice(initiation: SimulatedInitiation, devolucao: SimulatedDevolucao) {
    return {
      identificadorPagamento: initiation.identificadorPagamento,
      identificadorDevolucao: devolucao.identificadorDevolucao,
      endToEndId: initiation.endToEndId ?? "",
      ...(initiation.idProprio ? { idProprio: initiation.idProprio } : {}),
      valor: devolucao.valor,
      status: devolucao.status,
      dataCriacao: devolucao.dataCriacao,
      tipo: "devolucao",
    };
  }

  function show(initiation: SimulatedInitiation) {
    // The SDK's typings make valor and endToEndId optional unless the payment is aceito.
    const isBare = listsUnsettledBare && initiation.status !== "aceito";
    return {
      identificadorPagamento: initiation.identificadorPagamento,
      ...(initiation.endToEndId && !isBare ? { endToEndId: initiation.endToEndId } : {}),
      ...(isBare ? {} : { valor: initiation.valor }),
      status: initiation.status,
      dataCriacao: initiation.dataCriacao,
      ...(initiation.devolucoes.length
        ? {
            devolucoes: initiation.devolucoes.map(({ identificadorDevolucao, valor, status, dataCriacao }) => ({
              identificadorDevolucao,
              valor,
              status,
              dataCriacao,
            })),
          }
        : {}),
      ...(initiation.idProprio ? { idProprio: initiation.idProprio } : {}),
    };
  }

  function returnTo(initiation: SimulatedInitiation, erro?: string): string | null {
    if (!config) return null;
    const back = new URL(config.redirectURL);
    back.searchParams.set("identificadorPagamento", initiation.identificadorPagamento);
    if (erro) back.searchParams.set("erro", erro);
    return back.toString();
  }

  /** The customer decides at the bank: the status, the webhook, where they go back to. */
  async function decide(identificadorPagamento: string, approve: boolean): Promise<BankDecision> {
    const initiation = initiations.get(identificadorPagamento);
    if (!initiation) throw new Error(`no payment ${identificadorPagamento}`);
    if (initiation.status !== "pendente") throw new Error(`payment ${identificadorPagamento} is ${initiation.status}`);
    if (!approve) {
      initiation.status = "rejeitado";
      initiation.motivo = "Pagamento recusado pelo usuário na instituição detentora";
    } else if (readValor(initiation.valor) === REJECTED_IN_HOMOLOGATION) {
      initiation.status = "rejeitado";
      initiation.motivo = "Pagamento recusado no destino";
    } else {
      initiation.status = "aceito";
      initiation.endToEndId = newEndToEndId(PAYER_BANK_ISPB);
    }
    await notify(paymentNotice(initiation));
    return { initiation, location: returnTo(initiation, approve ? undefined : "pagamento_recusado") };
  }

  function bankPage(initiation: SimulatedInitiation, token: string): string {
    const participant = SIMULATED_PARTICIPANTS.find((item) => item.identificador === initiation.idParticipante);
    const decided = initiation.status !== "pendente";
    const amount = initiation.valor.replace(".", ",");
    return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(participant?.nome ?? "Banco")} (simulado): autorizar pagamento</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>${escapeHtml(participant?.nome ?? "Banco")} <small>(simulado)</small></h1>
<p>Pagamento Pix de <strong>R$ ${escapeHtml(amount)}</strong> iniciado pela Efí via Open Finance.</p>
${
  decided
    ? `<p role="status">Este pagamento já foi decidido: ${escapeHtml(initiation.status)}.</p>`
    : `<form method="post" action="/autorizar/${token}"><input type="hidden" name="decisao" value="aprovar">
<button type="submit">Aprovar</button></form>
<form method="post" action="/autorizar/${token}"><input type="hidden" name="decisao" value="recusar">
<button type="submit">Recusar</button></form>`
}
</body></html>`;
  }

  async function serveBank(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", bankOrigin);
    const match = /^\/autorizar\/([a-f0-9]+)$/.exec(url.pathname);
    const token = match?.[1];
    const initiation = token ? byBankToken.get(token) : undefined;
    if (!initiation || !token) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Pagamento não encontrado");
      return;
    }
    if (request.method === "POST") {
      const form = await readForm(request);
      const decision = form.get("decisao");
      if ((decision !== "aprovar" && decision !== "recusar") || initiation.status !== "pendente") {
        response.writeHead(303, { location: `/autorizar/${token}` }).end();
        return;
      }
      const { location } = await decide(initiation.identificadorPagamento, decision === "aprovar");
      response.writeHead(302, { location: location ?? `/autorizar/${token}` }).end();
      return;
    }
    if (request.method !== "GET") {
      response.writeHead(405, { allow: "GET, POST" }).end();
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(bankPage(initiation, token));
  }

  function start(headers: http.IncomingHttpHeaders, body: unknown): Answer {
    const key = headers["x-idempotency-key"];
    if (typeof key !== "string" || key === "")
      return efiError(400, "chave_idempotencia_obrigatorio", "O cabeçalho de 'x-idempotency-key' é obrigatório");
    if (!ofIdempotencyKeySchema.safeParse(key).success)
      return efiError(431, "chave_idempotencia_invalida", "Tamanho da chave de idempotência inválido");
    attempts.set(key, (attempts.get(key) ?? 0) + 1);
    const parsed = ofStartPixPaymentBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return efiError(
        400,
        "erro_iniciacao_pagamento",
        `Campo ${issue.path.join(".") || "corpo"} inválido: ${issue.message}`,
      );
    }
    const existing = byKey.get(key);
    if (existing) {
      if (JSON.stringify(existing.body) !== JSON.stringify(body))
        return efiError(409, "conflito_chave_idempotencia", "Chave de idempotência repetida para pagamento diferente");
      return {
        status: 201,
        body: { identificadorPagamento: existing.identificadorPagamento, redirectURI: existing.redirectURI },
      };
    }
    const { pagador, pagamento } = parsed.data;
    if (!SIMULATED_PARTICIPANTS.some((item) => item.identificador === pagador.idParticipante))
      return efiError(422, "identificador_participante_invalido", "O identificador do participante é inválido");
    if (readValor(pagamento.valor) === 0n) return efiError(422, "valor_invalido", "O valor da transação é inválido");
    if (!config)
      return efiError(422, "configuracao_nao_encontrada", "Configure as URLs da aplicação (PUT /v1/config) antes");
    const token = randomBytes(16).toString("hex");
    const initiation: SimulatedInitiation = {
      identificadorPagamento: `urn:efi:${randomUUID()}`,
      idempotencyKey: key,
      body,
      valor: pagamento.valor,
      ...(pagamento.idProprio ? { idProprio: pagamento.idProprio } : {}),
      idParticipante: pagador.idParticipante,
      status: "pendente",
      dataCriacao: new Date().toISOString(),
      redirectURI: `${bankOrigin}/autorizar/${token}`,
      devolucoes: [],
    };
    initiations.set(initiation.identificadorPagamento, initiation);
    byKey.set(key, initiation);
    byBankToken.set(token, initiation);
    return {
      status: 201,
      body: { identificadorPagamento: initiation.identificadorPagamento, redirectURI: initiation.redirectURI },
    };
  }

  /** Brasília's calendar date of an instant (inicio and fim are dates there). */
  const brasiliaDate = (iso: string) => new Date(Date.parse(iso) - 3 * 3600_000).toISOString().slice(0, 10);

  function list(query: Record<string, string>): Answer {
    const parsed = ofListPixPaymentParamsSchema.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.join(".") || "parametros";
      return field === "inicio" || field === "fim"
        ? efiError(400, `data_${field}_invalido`, `A data ${field === "inicio" ? "início" : "fim"} é inválida`)
        : efiError(422, "parametro_invalido", `O parâmetro ${field} é inválido`);
    }
    const { inicio, fim, identificador, status } = parsed.data;
    const perPage = parsed.data.quantidade ?? 10;
    const page = parsed.data.pagina ?? 1;
    const all = [...initiations.values()].filter((initiation) => {
      const day = brasiliaDate(initiation.dataCriacao);
      return (
        (!identificador || initiation.identificadorPagamento === identificador) &&
        (!inicio || day >= inicio) &&
        (!fim || day <= fim) &&
        (!status || initiation.status === status)
      );
    });
    if (all.length === 0) return efiError(404, "pagamento_nao_encontrado", "Nenhum pagamento encontrado");
    const pages = Math.max(1, Math.ceil(all.length / perPage));
    const link = (to: number) => {
      const params = new URLSearchParams({ ...query, quantidade: String(perPage), pagina: String(to) });
      return `/pagamentos/pix?${params.toString()}`;
    };
    return {
      status: 200,
      body: {
        pagamentos: all.slice((page - 1) * perPage, page * perPage).map(show),
        total: all.length,
        porPagina: perPage,
        ultimo: link(pages),
        proximo: page < pages ? link(page + 1) : null,
        anterior: page > 1 ? link(page - 1) : null,
        atual: link(page),
      },
    };
  }

  function addDevolucao(initiation: SimulatedInitiation, valor: string, key: string | null): SimulatedDevolucao {
    const devolucao: SimulatedDevolucao = {
      identificadorDevolucao: newEndToEndId("09089356").replace(/^E/, "D"),
      valor,
      status: "pendente",
      dataCriacao: new Date().toISOString(),
      idempotencyKey: key,
    };
    initiation.devolucoes.push(devolucao);
    return devolucao;
  }

  function finishRefund(
    initiation: SimulatedInitiation,
    devolucao: SimulatedDevolucao,
    status: "aceito" | "rejeitado",
  ) {
    devolucao.status = status;
    setImmediate(() => void notify(refundNotice(initiation, devolucao)).catch(() => undefined));
  }

  function refund(identificadorPagamento: string, headers: http.IncomingHttpHeaders, body: unknown): Answer {
    const initiation = initiations.get(identificadorPagamento);
    if (!initiation)
      return efiError(422, "identificador_pagamento_invalido", "O identificador de pagamento é inválido");
    const key = typeof headers["x-idempotency-key"] === "string" ? headers["x-idempotency-key"] : null;
    if (key !== null && !ofIdempotencyKeySchema.safeParse(key).success)
      return efiError(431, "chave_idempotencia_invalida", "Tamanho da chave de idempotência inválido");
    const answer = (devolucao: SimulatedDevolucao): Answer => ({
      status: 202,
      body: {
        identificadorPagamento,
        endToEndId: initiation.endToEndId ?? "",
        valor: devolucao.valor,
        dataCriacao: devolucao.dataCriacao,
        status: devolucao.status,
      },
    });
    const repeated = key ? initiation.devolucoes.find((item) => item.idempotencyKey === key) : undefined;
    if (repeated) return answer(repeated);
    const parsed = ofDevolutionPixBodySchema.safeParse(body);
    if (!parsed.success || parsed.data.length !== 1)
      return efiError(400, "valor_devolucao_invalido", "O valor de devolução inválido");
    const [item] = parsed.data;
    if (initiation.status !== "aceito" || item.endToEndId !== initiation.endToEndId)
      return efiError(
        422,
        "status_pagamento_invalido_para_devolucao",
        "O status do pagamento é invalido para devolução",
      );
    const refunded = initiation.devolucoes
      .filter((devolucao) => devolucao.status !== "rejeitado")
      .reduce((sum, devolucao) => sum + readValor(devolucao.valor), 0n);
    if (readValor(item.valor) === 0n || refunded + readValor(item.valor) > readValor(initiation.valor))
      return efiError(422, "saldo_devolucao_insuficiente", "O valor da devolução ultrapassou o valor recebido");
    const devolucao = addDevolucao(initiation, item.valor, key);
    const result = answer(devolucao);
    if (refundResult !== "later") finishRefund(initiation, devolucao, refundResult);
    return result;
  }

  function putConfig(body: unknown): Answer {
    const parsed = ofConfigBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return efiError(400, "configuracao_invalida", `Campo ${issue.path.join(".") || "corpo"} inválido`);
    }
    const { redirectURL, webhookURL, webhookSecurity, processPayment, generateTxIdForInic } = parsed.data;
    config = {
      redirectURL,
      webhookURL,
      webhookSecurity:
        webhookSecurity?.type === "hmac" ? { type: "hmac", hash: webhookSecurity.hash } : { type: "mtls" },
      processPayment: processPayment ?? "sync",
      generateTxIdForInic: generateTxIdForInic ?? false,
    };
    return { status: 200, body: config };
  }

  return {
    /** The origin of the fake bank's pages (plain http, as a browser reaches them). */
    bankOrigin,
    /** The answer to an Open Finance route (path relative to /v1), or null for another path. */
    route(
      method: string,
      path: string,
      query: Record<string, string>,
      headers: http.IncomingHttpHeaders,
      body: unknown,
    ): Answer | null {
      let match: RegExpExecArray | null;
      if (/^\/participantes\/?$/.test(path) && method === "GET")
        return { status: 200, body: { participantes: SIMULATED_PARTICIPANTS } };
      if (path === "/pagamentos/pix" && method === "POST") return start(headers, body);
      if (path === "/pagamentos/pix" && method === "GET") return list(query);
      if ((match = /^\/pagamentos\/pix\/([^/]+)\/devolver$/.exec(path)) && method === "POST")
        return refund(decodeURIComponent(match[1]), headers, body);
      if (path === "/config" && method === "PUT") return putConfig(body);
      if (path === "/config" && method === "GET")
        return config
          ? { status: 200, body: config }
          : efiError(404, "configuracao_nao_encontrada", "Nenhuma configuração encontrada");
      return null;
    },
    /** Every payment started, oldest first. */
    initiations: (): SimulatedInitiation[] => [...initiations.values()],
    /** How many POST /pagamentos/pix carried this idempotency key (whatever their answer). */
    initiationCount: (idempotencyKey: string) => attempts.get(idempotencyKey) ?? 0,
    initiation: (identificadorPagamento: string) => initiations.get(identificadorPagamento),
    /** The customer presses Aprovar: accepted (rejected for R$ 0.11), notified; where they return. */
    approveInitiation: (identificadorPagamento: string) => decide(identificadorPagamento, true),
    /** The customer presses Recusar: rejected, notified; where they return. */
    rejectInitiation: (identificadorPagamento: string) => decide(identificadorPagamento, false),
    /** The customer never decides: the redirect link expires (notified). */
    async expireInitiation(identificadorPagamento: string): Promise<SimulatedInitiation> {
      const initiation = initiations.get(identificadorPagamento);
      if (!initiation || initiation.status !== "pendente")
        throw new Error(`no pending payment ${identificadorPagamento}`);
      initiation.status = "expirado";
      await notify(paymentNotice(initiation));
      return initiation;
    },
    /** How refunds (devolucoes) end: at once, or `later` (pendente until completeInitiationRefund). */
    setInitiationRefundResult(result: "aceito" | "rejeitado" | "later") {
      refundResult = result;
    },
    async completeInitiationRefund(identificadorPagamento: string, outcome: "aceito" | "rejeitado") {
      const initiation = initiations.get(identificadorPagamento);
      const devolucao = initiation?.devolucoes.find((item) => item.status === "pendente");
      if (!initiation || !devolucao) throw new Error(`no pending refund of ${identificadorPagamento}`);
      devolucao.status = outcome;
      await notify(refundNotice(initiation, devolucao));
      return devolucao;
    },
    /** Lists payments that are not aceito without valor and endToEndId, as the SDK allows. */
    setListsUnsettledBare(isBare: boolean) {
      listsUnsettledBare = isBare;
    },
    /** A devolucao made in Efí's portal, outside the API: aceito at once, notified. */
    async addInitiationRefund(identificadorPagamento: string, valor: string) {
      const initiation = initiations.get(identificadorPagamento);
      if (!initiation) throw new Error(`no payment ${identificadorPagamento}`);
      const devolucao = addDevolucao(initiation, valor, null);
      devolucao.status = "aceito";
      await notify(refundNotice(initiation, devolucao));
      return devolucao;
    },
    openFinanceConfig: (): OpenFinanceConfig | null => config,
    close: () =>
      new Promise<void>((resolve) => {
        bank.close(() => resolve());
        bank.closeAllConnections();
      }),
  };
}

export type EfiOpenFinance = Awaited<ReturnType<typeof createEfiOpenFinance>>;
