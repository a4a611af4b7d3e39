// A receiving PSP's API Pix, small and in memory, for tests and local runs: HTTPS with mutual TLS
// (certificates made for the run), OAuth 2.0 client credentials, immediate charges with dynamic
// BR Codes, received Pix, refunds and the webhook that tells the gateway about them. Its bodies
// are built and checked with the adapter's own schemas (lib/providers/api-pix/schemas.ts), and
// the contract test checks both sides against the Central Bank's OpenAPI document.
//
// Tests drive it with plain functions (pay, completeRefund, failNext…), never over HTTP, and read
// what it received and answered in `exchanges`.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import https from "node:https";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createDynamicPix, hasError } from "pix-utils";
import type { z } from "zod";
import type { PspSettings } from "../../lib/providers/api-pix/api-pix-settings";
import type { PspProfileName } from "../../lib/providers/api-pix/psp-profiles";
import { newEndToEndId } from "../../lib/pix/new-end-to-end-id";
import {
  type Cob,
  type Devolucao,
  type Pix,
  cobRequestSchema,
  cobSchema,
  devolucaoIdSchema,
  devolucaoRequestSchema,
  devolucaoSchema,
  endToEndIdSchema,
  pixListSchema,
  pixNotificationSchema,
  pixSchema,
  readValor,
  txidSchema,
  webhookRequestSchema,
  webhookSchema,
} from "../../lib/providers/api-pix/schemas";
import { toDevolucaoId } from "../../lib/providers/api-pix/transformers";
import { type AnswerStyle, styleAnswer, styleNotification } from "./answer-styles";
import {
  type EfiRefusal,
  type SendOutcome,
  type SendRequest,
  type SendResultsSetting,
  type SentPix,
  createEfiPixSend,
  postWebhook,
} from "./efi-pix-send";
import {
  type DefenseRequest,
  type MedClosing,
  type MedInfraction,
  type MedRefusal,
  type MedSituation,
  createEfiMed,
} from "./efi-med";
import {
  type BankDecision,
  type OpenFinanceConfig,
  type SimulatedDevolucao,
  type SimulatedInitiation,
  createEfiOpenFinance,
} from "./efi-open-finance";
import { type PspCertificates, generateCertificates } from "./generate-certificates";
import { PSP_PROFILE_RULES, readTokenBody, refuseApiCall, refuseTokenRequest } from "./psp-profile-rules";

export type RefundOutcome = "DEVOLVIDO" | "NAO_REALIZADO";

export type PspSimulatorOptions = {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The receiver's Pix key: the gateway's PIX_KEY. Default pix@cashier.example. */
  chave?: string;
  clientId?: string;
  /** Default: random. Ignored for a profile whose PSP issues no secret (sicoob). */
  clientSecret?: string;
  /**
   * The PSP whose token and call authentication is required (psp-profile-rules.ts): anything
   * else is refused. Default generic: HTTP Basic, a form, no scope.
   */
  profile?: PspProfileName;
  /** BB's application key, required as gw-dev-app-key on every call under the bb profile. Default: random. */
  appKey?: string;
  /** Seconds an access token lives. Default 3600. */
  tokenLifetimeSeconds?: number;
  /** Pix per page of GET /pix. Default 100 (the API Pix's default). */
  pageSize?: number;
  certificates?: PspCertificates;
  /** Default true. */
  webhooksEnabled?: boolean;
  /** How refunds end; default DEVOLVIDO at once. */
  refundOutcome?: RefundOutcomeSetting;
  /** Under the efi profile, how Pix sends end; default homologation (by amount, right after the answer). */
  sendResults?: SendResultsSetting;
};

/** `later`: the refund stays EM_PROCESSAMENTO until completeRefund decides it. */
export type RefundOutcomeSetting = { status: RefundOutcome; motivo?: string } | "later";

/** One HTTP exchange, as the simulator saw it. `path` is relative to `url` for the API Pix. */
export type Exchange = {
  kind: "token" | "api";
  method: string;
  path: string;
  query: Record<string, string>;
  /** As received (absent from exchanges written by hand for the contract check). */
  headers?: IncomingHttpHeaders;
  body: unknown;
  /** Null when the simulator was told never to answer (failNext timeout). */
  status: number | null;
  response: unknown;
};

/** `body` as sent: in the answer style, when one is set. */
export type WebhookDelivery = { url: string; body: unknown; status: number | null; error: string | null };

/** What the next charge is made and answered with instead of what was asked. */
export type CobMutation = { valor?: string; txid?: string; chave?: string };

/**
 * The next matching calls fail: with a status and a problem body, by never answering, or by the
 * connection being reset before any answer. A timeout `afterHandling` carries the call out (a
 * charge is created) and loses only the answer, as when the gateway dies or gives up while the
 * PSP works.
 */
export type Failure =
  | { kind: "status"; status: number; times?: number; target?: "token" | "api" }
  | { kind: "timeout"; times?: number; target?: "token" | "api"; afterHandling?: boolean }
  | { kind: "reset"; times?: number; target?: "token" | "api" };

export type PspSimulator = {
  /** PIX_PSP_URL: the API Pix base URL (https://127.0.0.1:port/api/v2; /v2 under the efi profile, as Efí serves it). */
  url: string;
  /** The host's root (https://127.0.0.1:port): an Efí account's base URL, its API Pix under /v2 and its Pix send under /v3. */
  origin: string;
  /** PIX_PSP_TOKEN_URL. */
  tokenUrl: string;
  /** PIX_PSP_CA_FILE, PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE. */
  caFile: string;
  certFile: string;
  keyFile: string;
  clientId: string;
  /** Null under a profile whose PSP issues no secret (sicoob). */
  clientSecret: string | null;
  profile: PspProfileName;
  appKey: string;
  /** PIX_KEY. */
  chave: string;
  /** Everything a gateway process needs in its environment to use this PSP. */
  env: Record<string, string>;
  /** The same, as lib/config would load it. */
  settings: PspSettings;
  certificates: PspCertificates;
  /** Every request received and the answer sent, oldest first. */
  exchanges: Exchange[];
  webhookDeliveries: WebhookDelivery[];
  /** Connections refused during the TLS handshake (no or an untrusted client certificate). */
  tlsRejections: number;
  tokensIssued: number;
  /** How many charges were created under this txid (a correct gateway never makes it above 1). */
  chargeCount(txid: string): number;
  charge(txid: string): Cob | undefined;
  /** The registered webhook URL, or null. */
  webhookUrl(): string | null;
  /**
   * The customer pays the charge: a Pix with a fresh end-to-end id, the charge CONCLUIDA, and,
   * unless webhooks are off, {"pix": [...]} POSTed to the webhook URL + /pix (awaited).
   * `amount` ("10.50") pays another amount than the charge's.
   */
  pay(txid: string, options?: { amount?: string; at?: Date }): Promise<Pix>;
  /** The charge is removed by the PSP (as some PSPs do on expiry). */
  removeCharge(txid: string): void;
  /** A Pix to the key that pays no charge (no txid): a payer who typed the key in their bank app. */
  receiveUnmatched(amount: string): Promise<Pix>;
  /**
   * A devolucao the PSP makes on its own, DEVOLVIDO at once and notified (unless webhooks are
   * off): a MED claw-back (MED_FRAUDE, MED_OPERACIONAL) or one made in the PSP's portal (ORIGINAL).
   */
  returnOnItsOwn(
    endToEndId: string,
    options: { valor: string; natureza: "ORIGINAL" | "MED_FRAUDE" | "MED_OPERACIONAL" },
  ): Promise<Devolucao>;
  setWebhooksEnabled(enabled: boolean): void;
  /**
   * Every connection open now is reset at its next request, as by a proxy on the way that forgot
   * idle connections without closing them; a new connection is answered.
   */
  dropIdleConnections(): void;
  setRefundOutcome(outcome: RefundOutcomeSetting): void;
  /**
   * Ends a refund that is EM_PROCESSAMENTO, and notifies the Pix with its refunds by webhook.
   * `id` is the devolucao id or the gateway's refund id (rfd_…) it was made from.
   */
  completeRefund(endToEndId: string, id: string, outcome: RefundOutcome, motivo?: string): Promise<Devolucao>;
  failNext(failure: Failure): void;
  /** From now on every cob, Pix, list, refund and webhook body is sent in this style (null: as the document writes it). */
  setAnswerStyle(style: AnswerStyle | null): void;
  /** The next PUT /cob makes and answers a charge with these fields changed (another amount, txid or key). */
  mutateNextCob(mutation: CobMutation): void;
  /** Every token issued so far stops working: the next call meets a 401. */
  revokeTokens(): void;
  // Efí's Pix send (efi profile only; efi-pix-send.ts).
  /** How many PUT /v3/gn/pix/:idEnvio were received for it, whatever their answer: 1 when all is well. */
  sendCount(idEnvio: string): number;
  /** Every PUT /v3/gn/pix received, oldest first. */
  sends(): SendRequest[];
  /** The send made under this idEnvio, as Efí holds it. */
  sent(idEnvio: string): SentPix | undefined;
  /** `later`: sends stay EM_PROCESSAMENTO until completeSend; `homologation`: they end by amount at once. */
  setSendResults(setting: SendResultsSetting): void;
  /** Ends a send left EM_PROCESSAMENTO (REALIZADO up to R$ 10.00, else NAO_REALIZADO, unless told) and notifies it. */
  completeSend(idEnvio: string, outcome?: SendOutcome): Promise<SentPix>;
  /** The next send that passes validation is refused with this Efí error (saldo_insuficiente…). */
  refuseNextSend(refusal: EfiRefusal): void;
  // Efí's MED infractions (efi profile only; efi-med.ts).
  /** A payer's PSP opens an infraction against a received Pix (throws for none): ABERTA, listed by GET /v2/gn/infracoes. */
  openInfraction(
    endToEndId: string,
    options?: { valor?: string; tipoSituacao?: MedSituation; razao?: string; prazoFinalizacao?: Date; at?: Date },
  ): MedInfraction;
  /** Efí's analysis ends an infraction that is ABERTA or EM_DEFESA. */
  closeInfraction(idInfracao: string, status: MedClosing, justificativaAnalista?: string): MedInfraction;
  /** The infraction as Efí holds it. */
  infraction(idInfracao: string): MedInfraction | undefined;
  /** Every infraction opened, oldest first. */
  infractions(): MedInfraction[];
  /** Every POST /v2/gn/infracoes/:idInfracao/defesa received, whatever its answer, oldest first. */
  defenses(): DefenseRequest[];
  /** The next defense that would be accepted is refused with this problem instead, and changes nothing. */
  refuseNextDefense(refusal: MedRefusal): void;
  // Efí's Open Finance (efi profile only; efi-open-finance.ts).
  /** The Open Finance API's base (origin/v1): an account's initiation.baseUrl; its token at /v1/oauth/token. */
  openFinanceUrl: string;
  /** The fake bank's origin (plain http): each payment's redirectURI is {bankUrl}/autorizar/{token}. */
  bankUrl: string;
  /** Every payment started (POST /v1/pagamentos/pix), oldest first. */
  initiations(): SimulatedInitiation[];
  /** How many POST /v1/pagamentos/pix carried this x-idempotency-key, whatever their answer. */
  initiationCount(idempotencyKey: string): number;
  initiation(identificadorPagamento: string): SimulatedInitiation | undefined;
  /** As the bank page's Aprovar: aceito (rejeitado for R$ 0.11), the webhook, the way back. */
  approveInitiation(identificadorPagamento: string): Promise<BankDecision>;
  /** As the bank page's Recusar: rejeitado, the webhook, the way back with erro=. */
  rejectInitiation(identificadorPagamento: string): Promise<BankDecision>;
  /** The customer never went to the bank: expirado, notified. */
  expireInitiation(identificadorPagamento: string): Promise<SimulatedInitiation>;
  /** How devolucoes of initiated payments end: at once (default aceito), or `later`. */
  setInitiationRefundResult(result: "aceito" | "rejeitado" | "later"): void;
  completeInitiationRefund(
    identificadorPagamento: string,
    outcome: "aceito" | "rejeitado",
  ): Promise<SimulatedDevolucao>;
  /** Lists payments that are not aceito without valor and endToEndId, as the SDK's typings allow. */
  setListsUnsettledBare(isBare: boolean): void;
  /** A devolucao made in Efí's portal, outside the API: aceito at once, its webhook awaited. */
  addInitiationRefund(identificadorPagamento: string, valor: string): Promise<SimulatedDevolucao>;
  /** What PUT /v1/config set, or null. */
  openFinanceConfig(): OpenFinanceConfig | null;
  close(): Promise<void>;
};

/** Where the API Pix is served: Efí serves it under /v2 of its host, beside its own /v3 and /v2/gn routes. */
const apiBaseOf = (profile: PspProfileName) => (profile === "efi" ? "/v2" : "/api/v2");
/** Efí's own routes (Pix send, MED infractions), kept whole in exchanges' paths. */
const EFI_ROUTE = /^\/v[23]\/gn\//;
/** Efí's Open Finance, on its own host in production; here under /v1 of the same origin. */
const OPEN_FINANCE_BASE = "/v1";
// Made-up institutions: the receiver's PSP (in refunds' rtrId) and every payer's (in end-to-end ids).
const PSP_ISPB = "99999998";
const PAYER_ISPB = "99999997";
const RECEIVER_CNPJ = "11222333000181";

type Refused = {
  status: number;
  title: string;
  detail: string;
  type?: string;
  violacoes?: { razao: string; propriedade: string }[];
};

function problem({ status, title, detail, type, violacoes }: Refused) {
  return {
    type: `https://pix.bcb.gov.br/api/v2/error/${type ?? title.replace(/\W/g, "")}`,
    title,
    status,
    detail,
    ...(violacoes ? { violacoes } : {}),
  };
}

function violations(error: z.ZodError, prefix: string) {
  return error.issues.map((issue) => ({
    razao: issue.message,
    propriedade: [prefix, ...issue.path.map(String)].join("."),
  }));
}

export async function startPspSimulator(options: PspSimulatorOptions = {}): Promise<PspSimulator> {
  const certificates = options.certificates ?? generateCertificates();
  const chave = options.chave ?? "pix@cashier.example";
  const clientId = options.clientId ?? "cashier-gateway";
  const profile = options.profile ?? "generic";
  const API_BASE = apiBaseOf(profile);
  const rules = PSP_PROFILE_RULES[profile];
  const clientSecret = rules.hasSecret ? (options.clientSecret ?? randomBytes(24).toString("base64url")) : null;
  const appKey = options.appKey ?? randomBytes(16).toString("hex");
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const pageSize = options.pageSize ?? 100;
  let webhooksEnabled = options.webhooksEnabled ?? true;
  let refundOutcome: RefundOutcomeSetting = options.refundOutcome ?? { status: "DEVOLVIDO" };
  let answerStyle: AnswerStyle | null = null;
  let nextCobMutation: CobMutation | null = null;

  const tokens = new Map<string, number>();
  const charges = new Map<string, Cob>();
  const created = new Map<string, number>();
  const received = new Map<string, Pix>();
  let webhook: { webhookUrl: string; criacao: string } | null = null;
  let nextLocationId = 1;
  const failures: (Failure & { left: number })[] = [];
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  const server = https.createServer({
    cert: readFileSync(certificates.serverCertFile),
    key: readFileSync(certificates.serverKeyFile),
    ca: readFileSync(certificates.caFile),
    // Mutual TLS: no client certificate signed by the CA, no connection.
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // The connections dropIdleConnections dropped: each is reset at its next request.
  const secureSockets = new Set<object>();
  const dropped = new WeakSet<object>();
  server.on("secureConnection", (socket: Socket) => {
    secureSockets.add(socket);
    socket.on("close", () => secureSockets.delete(socket));
  });
  server.on("tlsClientError", () => {
    simulator.tlsRejections += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { address, port } = server.address() as AddressInfo;
  const origin = `https://${address}:${port}`;

  /** A Pix as the API Pix shows it: with its refunds once it has any. */
  function showPix(pix: Pix): Pix {
    return pixSchema.parse(pix);
  }

  function showCob(cob: Cob): Cob {
    return cobSchema.parse(cob);
  }

  async function notify(pix: Pix[]): Promise<void> {
    if (!webhooksEnabled || !webhook) return;
    const parsed = pixNotificationSchema.parse({ pix: pix.map(showPix) });
    await deliver(answerStyle ? styleNotification(answerStyle, parsed) : parsed);
  }

  async function deliver(body: unknown): Promise<void> {
    if (!webhooksEnabled || !webhook) return;
    // The API Pix appends /pix to the registered URL as a string, query included.
    const url = `${webhook.webhookUrl}/pix`;
    const delivery: WebhookDelivery = { url, body, status: null, error: null };
    simulator.webhookDeliveries.push(delivery);
    try {
      if (profile === "efi") {
        // Efí presents its client certificate to an https webhook (mTLS).
        delivery.status = await postWebhook(url, body, certificates);
        return;
      }
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
  }

  const efiSend = createEfiPixSend({
    chave,
    webhookUrl: () => webhook?.webhookUrl ?? null,
    notify: (items) => deliver({ pix: items }),
  });
  if (options.sendResults) efiSend.setSendResults(options.sendResults);
  const efiMed = createEfiMed({ findPix: (endToEndId) => received.get(endToEndId), pageSize });

  const openFinance = await createEfiOpenFinance({
    host: options.host ?? "127.0.0.1",
    webhooksEnabled: () => webhooksEnabled,
    async post(url, body) {
      const delivery: WebhookDelivery = { url, body, status: null, error: null };
      simulator.webhookDeliveries.push(delivery);
      try {
        delivery.status = await postWebhook(url, body, certificates);
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
      }
    },
  });

  function finishRefund(devolucao: Devolucao, status: RefundOutcome, motivo?: string): void {
    devolucao.status = status;
    devolucao.horario.liquidacao = new Date().toISOString();
    if (motivo) devolucao.motivo = motivo;
    else if (status === "NAO_REALIZADO") devolucao.motivo = "Devolução não realizada pelo PSP do pagador";
  }

  function findRefund(endToEndId: string, id: string): { pix: Pix; devolucao: Devolucao } | null {
    const pix = received.get(endToEndId);
    const devolucao = pix?.devolucoes?.find((item) => item.id === id);
    return pix && devolucao ? { pix, devolucao } : null;
  }

  function isAuthorized(request: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
    const expiresAt = match ? tokens.get(match[1]) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  type Answer = { status: number; body?: unknown };

  function issueToken(request: IncomingMessage, body: Record<string, unknown>): Answer {
    const refused = refuseTokenRequest(rules, request, body, { clientId, clientSecret });
    if (refused) return { status: 401, body: refused };
    if (body.grant_type !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type", error_description: "only client_credentials" } };
    }
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    simulator.tokensIssued += 1;
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: tokenLifetimeSeconds,
        scope: "cob.write cob.read pix.write pix.read webhook.write webhook.read",
      },
    };
  }

  function refuse(refused: Refused): Answer {
    return { status: refused.status, body: problem(refused) };
  }

  const notFound = (what: string) =>
    refuse({ status: 404, title: "Não Encontrado", type: "NaoEncontrado", detail: `${what} não encontrado(a).` });

  function putCob(txid: string, body: unknown): Answer {
    if (!txidSchema.safeParse(txid).success) {
      return refuse({
        status: 400,
        title: "Cobrança inválida.",
        type: "CobOperacaoInvalida",
        detail: "O txid não respeita o _schema_.",
        violacoes: [{ razao: "26 a 35 letras e dígitos", propriedade: "cob.txid" }],
      });
    }
    const parsed = cobRequestSchema.safeParse(body);
    if (!parsed.success) {
      return refuse({
        status: 400,
        title: "Cobrança inválida.",
        type: "CobOperacaoInvalida",
        detail: "A requisição não respeita o _schema_.",
        violacoes: violations(parsed.error, "cob"),
      });
    }
    if (parsed.data.chave !== chave) {
      return refuse({
        status: 400,
        title: "Cobrança inválida.",
        type: "CobOperacaoInvalida",
        detail: "A chave não pertence ao usuário recebedor.",
        violacoes: [{ razao: "chave desconhecida", propriedade: "cob.chave" }],
      });
    }
    if (charges.has(txid)) {
      return refuse({
        status: 400,
        title: "Cobrança inválida.",
        type: "CobOperacaoInvalida",
        detail: `O txid ${txid} já foi utilizado por outra cobrança.`,
      });
    }
    const now = new Date().toISOString();
    const location = `${address}:${port}/qr/v2/${randomBytes(16).toString("hex")}`;
    const brCode = createDynamicPix({
      merchantName: "CASHIER PSP SIMULATOR",
      merchantCity: "SAO PAULO",
      url: location,
      oneTime: true,
    });
    if (hasError(brCode)) throw new Error(`BR Code: ${String(brCode.message)}`);
    const cob = showCob({
      ...parsed.data,
      txid,
      calendario: { criacao: now, expiracao: parsed.data.calendario.expiracao },
      revisao: 0,
      status: "ATIVA",
      loc: { id: nextLocationId++, txid, location, tipoCob: "cob", criacao: now },
      location,
      pixCopiaECola: brCode.toBRCode(),
      ...(nextCobMutation?.txid ? { txid: nextCobMutation.txid } : {}),
      ...(nextCobMutation?.chave ? { chave: nextCobMutation.chave } : {}),
      ...(nextCobMutation?.valor ? { valor: { original: nextCobMutation.valor } } : {}),
    });
    nextCobMutation = null;
    charges.set(txid, cob);
    created.set(txid, (created.get(txid) ?? 0) + 1);
    return { status: 201, body: cob };
  }

  function listPix(query: Record<string, string>): Answer {
    const inicio = Date.parse(query.inicio ?? "");
    const fim = Date.parse(query.fim ?? "");
    const page = Number(query["paginacao.paginaAtual"] ?? "0");
    const perPage = Number(query["paginacao.itensPorPagina"] ?? String(pageSize));
    if (
      Number.isNaN(inicio) ||
      Number.isNaN(fim) ||
      !Number.isInteger(page) ||
      page < 0 ||
      !Number.isInteger(perPage) ||
      perPage < 1
    ) {
      return refuse({
        status: 400,
        title: "Consulta inválida.",
        type: "ConsultaInvalida",
        detail: "inicio e fim são obrigatórios (RFC 3339); a paginação é inteira e positiva.",
      });
    }
    const all = [...received.values()].filter((pix) => {
      const at = Date.parse(pix.horario);
      return at >= inicio && at <= fim && (query.txid === undefined || pix.txid === query.txid);
    });
    const body = pixListSchema.parse({
      parametros: {
        inicio: new Date(inicio).toISOString(),
        fim: new Date(fim).toISOString(),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: Math.max(1, Math.ceil(all.length / perPage)),
          quantidadeTotalDeItens: all.length,
        },
      },
      pix: all.slice(page * perPage, (page + 1) * perPage).map(showPix),
    });
    return { status: 200, body };
  }

  function putDevolucao(endToEndId: string, id: string, body: unknown): Answer {
    const pix = received.get(endToEndId);
    if (!pix) return notFound("Pix");
    if (!devolucaoIdSchema.safeParse(id).success) {
      return refuse({
        status: 400,
        title: "Devolução inválida.",
        type: "PixDevolucaoInvalida",
        detail: "O id da devolução não respeita o _schema_.",
      });
    }
    const parsed = devolucaoRequestSchema.safeParse(body);
    if (!parsed.success) {
      return refuse({
        status: 400,
        title: "Devolução inválida.",
        type: "PixDevolucaoInvalida",
        detail: "A requisição não respeita o _schema_.",
        violacoes: violations(parsed.error, "devolucao"),
      });
    }
    if (pix.devolucoes?.some((item) => item.id === id)) {
      return refuse({
        status: 400,
        title: "Devolução inválida.",
        type: "PixDevolucaoInvalida",
        detail: `O id de devolução ${id} já foi utilizado.`,
      });
    }
    const refunded = (pix.devolucoes ?? [])
      .filter((item) => item.status !== "NAO_REALIZADO")
      .reduce((sum, item) => sum + readValor(item.valor), 0n);
    if (refunded + readValor(parsed.data.valor) > readValor(pix.valor)) {
      return refuse({
        status: 400,
        title: "Devolução inválida.",
        type: "PixDevolucaoInvalida",
        detail: "A soma das devoluções ultrapassa o valor do Pix.",
      });
    }
    const devolucao = devolucaoSchema.parse({
      id,
      rtrId: newEndToEndId(PSP_ISPB).replace(/^E/, "D"),
      valor: parsed.data.valor,
      ...(parsed.data.descricao ? { descricao: parsed.data.descricao } : {}),
      natureza: "ORIGINAL",
      horario: { solicitacao: new Date().toISOString() },
      status: "EM_PROCESSAMENTO",
    });
    pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
    if (refundOutcome !== "later") {
      finishRefund(devolucao, refundOutcome.status, refundOutcome.motivo);
      // A final status is notified too, after the answer, as a PSP's own queue would.
      setImmediate(() => void notify([pix]));
    }
    return { status: 201, body: devolucaoSchema.parse(devolucao) };
  }

  function route(request: IncomingMessage, path: string, query: Record<string, string>, body: unknown): Answer {
    const method = request.method ?? "GET";
    let match: RegExpExecArray | null;
    if (profile === "efi" && EFI_ROUTE.test(path))
      return efiMed.route(method, path, query, body) ?? efiSend.route(method, path, body) ?? notFound("Recurso");
    if (profile === "efi" && path.startsWith(`${OPEN_FINANCE_BASE}/`))
      return (
        openFinance.route(method, path.slice(OPEN_FINANCE_BASE.length), query, request.headers, body) ?? {
          status: 404,
          body: { nome: "recurso_nao_encontrado", mensagem: "Recurso não encontrado" },
        }
      );
    if ((match = /^\/cob\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(match[1]);
      if (method === "PUT") return putCob(txid, body);
      if (method === "GET") {
        const cob = charges.get(txid);
        return cob ? { status: 200, body: showCob(cob) } : notFound("Cobrança");
      }
    } else if (path === "/pix" && method === "GET") {
      return listPix(query);
    } else if ((match = /^\/pix\/([^/]+)$/.exec(path)) && method === "GET") {
      const endToEndId = decodeURIComponent(match[1]);
      const pix = endToEndIdSchema.safeParse(endToEndId).success ? received.get(endToEndId) : undefined;
      return pix ? { status: 200, body: showPix(pix) } : notFound("Pix");
    } else if ((match = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path))) {
      const [endToEndId, id] = [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
      if (method === "PUT") return putDevolucao(endToEndId, id, body);
      if (method === "GET") {
        const found = findRefund(endToEndId, toDevolucaoId(id));
        return found ? { status: 200, body: devolucaoSchema.parse(found.devolucao) } : notFound("Devolução");
      }
    } else if ((match = /^\/webhook\/([^/]+)$/.exec(path))) {
      if (decodeURIComponent(match[1]) !== chave) return notFound("Chave");
      if (method === "PUT") {
        const parsed = webhookRequestSchema.safeParse(body);
        if (!parsed.success) {
          return refuse({
            status: 400,
            title: "Webhook inválido.",
            type: "WebhookOperacaoInvalida",
            detail: "A requisição não respeita o _schema_.",
            violacoes: violations(parsed.error, "webhook"),
          });
        }
        webhook = {
          webhookUrl: parsed.data.webhookUrl,
          criacao: webhook?.webhookUrl === parsed.data.webhookUrl ? webhook.criacao : new Date().toISOString(),
        };
        return { status: 200 };
      }
      if (method === "GET")
        return webhook
          ? { status: 200, body: webhookSchema.parse({ ...webhook, chave, cnpj: RECEIVER_CNPJ }) }
          : notFound("Webhook");
      if (method === "DELETE") {
        if (!webhook) return notFound("Webhook");
        webhook = null;
        return { status: 204 };
      }
    }
    return notFound("Recurso");
  }

  function takeFailure(kind: "token" | "api"): Failure | null {
    const index = failures.findIndex((failure) => (failure.target ?? "api") === kind);
    if (index === -1) return null;
    const failure = failures[index];
    failure.left -= 1;
    if (failure.left <= 0) failures.splice(index, 1);
    return failure;
  }

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", origin);
      const query = Object.fromEntries(url.searchParams);
      const text = Buffer.concat(chunks).toString("utf8");
      const isOpenFinance = profile === "efi" && url.pathname.startsWith(`${OPEN_FINANCE_BASE}/`);
      const isToken = url.pathname === "/oauth/token" || (isOpenFinance && url.pathname === "/v1/oauth/token");
      const kind = isToken ? "token" : "api";
      const isEfiRoute = profile === "efi" && (EFI_ROUTE.test(url.pathname) || isOpenFinance);
      const path =
        isToken || isEfiRoute
          ? url.pathname
          : url.pathname.startsWith(API_BASE)
            ? url.pathname.slice(API_BASE.length)
            : url.pathname;
      const exchange: Exchange = {
        kind,
        method: request.method ?? "GET",
        path,
        query,
        headers: request.headers,
        body: undefined,
        status: null,
        response: undefined,
      };
      simulator.exchanges.push(exchange);

      let answer: Answer;
      let profileRefusal: string | null;
      if (isToken) {
        exchange.body = readTokenBody(request, text);
      } else if (text !== "") {
        try {
          exchange.body = JSON.parse(text);
        } catch {
          exchange.body = text;
        }
      }
      const failure = takeFailure(kind);
      const hang = () => {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
      };
      if (failure?.kind === "timeout" && !failure.afterHandling) return hang();
      if (failure?.kind === "reset" || dropped.has(request.socket)) return void request.socket.destroy();
      if (failure?.kind === "status") {
        answer = refuse({
          status: failure.status,
          title: failure.status >= 500 ? "Serviço Indisponível" : "Requisição inválida",
          type: failure.status >= 500 ? "ServicoIndisponivel" : "RequisicaoInvalida",
          detail: "Falha provocada pelo teste.",
        });
      } else if (isToken) {
        answer =
          request.method === "POST"
            ? issueToken(request, exchange.body as Record<string, unknown>)
            : notFound("Recurso");
      } else if (!url.pathname.startsWith(`${API_BASE}/`) && !isEfiRoute) {
        answer = notFound("Recurso");
      } else if (!isAuthorized(request)) {
        answer = refuse({
          status: 401,
          title: "Não autorizado",
          type: "AcessoNegado",
          detail: "Token de acesso ausente, inválido ou expirado.",
        });
      } else if ((profileRefusal = refuseApiCall(rules, request, query, { clientId, appKey }))) {
        answer = refuse({
          status: 403,
          title: "Acesso negado",
          type: "AcessoNegado",
          detail: `Acesso negado: ${profileRefusal}`,
        });
      } else if (typeof exchange.body === "string") {
        answer = refuse({
          status: 400,
          title: "Requisição inválida",
          type: "RequisicaoInvalida",
          detail: "O corpo não é JSON.",
        });
      } else {
        answer = route(request, path, query, exchange.body);
        if (answerStyle && answer.status < 300 && !isEfiRoute)
          answer = { ...answer, body: styleAnswer(answerStyle, path, answer.body) };
      }
      if (failure?.kind === "timeout") return hang();
      exchange.status = answer.status;
      exchange.response = answer.body;
      // Efí's own refusals ({"nome", "mensagem"}) are plain JSON.
      const isProblem =
        answer.status >= 400 && !isToken && !(isEfiRoute && !(answer.body as { type?: unknown } | undefined)?.type);
      response.writeHead(
        answer.status,
        answer.body === undefined
          ? {}
          : { "content-type": isProblem ? "application/problem+json" : "application/json" },
      );
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });

  const simulator: PspSimulator = {
    url: `${origin}${API_BASE}`,
    origin,
    tokenUrl: `${origin}/oauth/token`,
    caFile: certificates.caFile,
    certFile: certificates.clientCertFile,
    keyFile: certificates.clientKeyFile,
    clientId,
    clientSecret,
    profile,
    appKey,
    chave,
    env: {
      PIX_PSP_URL: `${origin}${API_BASE}`,
      PIX_PSP_TOKEN_URL: `${origin}/oauth/token`,
      PIX_PSP_CLIENT_ID: clientId,
      // What docs/psp-profiles.md tells an operator of this PSP to set; the profile does the rest.
      ...(clientSecret === null ? {} : { PIX_PSP_CLIENT_SECRET: clientSecret }),
      ...(profile === "generic" ? {} : { PIX_PSP_PROFILE: profile }),
      ...(profile === "bb" ? { PIX_PSP_QUERY: `gw-dev-app-key=${appKey}` } : {}),
      PIX_PSP_CERT_FILE: certificates.clientCertFile,
      PIX_PSP_KEY_FILE: certificates.clientKeyFile,
      PIX_PSP_CA_FILE: certificates.caFile,
      PIX_KEY: chave,
    },
    settings: {
      baseUrl: `${origin}${API_BASE}`,
      tokenUrl: `${origin}/oauth/token`,
      clientId,
      clientSecret,
      profile,
      tokenAuth: rules.tokenAuth,
      tokenFormat: rules.tokenFormat,
      scope: rules.scope,
      extraHeaders: rules.headers({ clientId, appKey }),
      extraQuery: rules.query({ clientId, appKey }),
      webhookHeaders: {},
      webhookQuery: {},
      clientCertificate: {
        cert: readFileSync(certificates.clientCertFile),
        key: readFileSync(certificates.clientKeyFile),
      },
      ca: readFileSync(certificates.caFile),
      webhookSecret: null,
      hasWebhookTerminator: false,
      reconcileSeconds: 60,
      timeoutMs: 10_000,
    },
    certificates,
    exchanges: [],
    webhookDeliveries: [],
    tlsRejections: 0,
    tokensIssued: 0,
    chargeCount: (txid) => created.get(txid) ?? 0,
    charge: (txid) => charges.get(txid),
    webhookUrl: () => webhook?.webhookUrl ?? null,

    async pay(txid, { amount, at } = {}) {
      const cob = charges.get(txid);
      if (!cob) throw new Error(`no charge under txid ${txid}`);
      if (cob.status !== "ATIVA") throw new Error(`charge ${txid} is ${cob.status}: it cannot be paid`);
      const horario = (at ?? new Date()).toISOString();
      const pix = pixSchema.parse({
        endToEndId: newEndToEndId(PAYER_ISPB, at),
        txid,
        valor: amount ?? cob.valor.original,
        chave,
        horario,
        infoPagador: "Pagamento pelo simulador",
      });
      received.set(pix.endToEndId, pix);
      cob.status = "CONCLUIDA";
      cob.pix = [pix];
      await notify([pix]);
      return showPix(pix);
    },

    async receiveUnmatched(amount) {
      const pix = pixSchema.parse({
        endToEndId: newEndToEndId(PAYER_ISPB),
        valor: amount,
        chave,
        horario: new Date().toISOString(),
        infoPagador: "Pix sem cobrança",
      });
      received.set(pix.endToEndId, pix);
      await notify([pix]);
      return showPix(pix);
    },

    async returnOnItsOwn(endToEndId, { valor, natureza }) {
      const pix = received.get(endToEndId);
      if (!pix) throw new Error(`no Pix ${endToEndId}`);
      const now = new Date().toISOString();
      const devolucao = devolucaoSchema.parse({
        id: `PSP${randomBytes(12).toString("hex")}`,
        rtrId: newEndToEndId(PSP_ISPB).replace(/^E/, "D"),
        valor,
        natureza,
        horario: { solicitacao: now, liquidacao: now },
        status: "DEVOLVIDO",
      });
      pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
      await notify([pix]);
      return devolucao;
    },

    removeCharge(txid) {
      const cob = charges.get(txid);
      if (!cob) throw new Error(`no charge under txid ${txid}`);
      cob.status = "REMOVIDA_PELO_PSP";
    },

    setWebhooksEnabled(enabled) {
      webhooksEnabled = enabled;
    },

    dropIdleConnections() {
      for (const socket of secureSockets) dropped.add(socket);
    },

    setRefundOutcome(outcome) {
      refundOutcome = outcome;
    },

    async completeRefund(endToEndId, id, outcome, motivo) {
      const found = findRefund(endToEndId, toDevolucaoId(id));
      if (!found) throw new Error(`no refund ${id} of Pix ${endToEndId}`);
      if (found.devolucao.status !== "EM_PROCESSAMENTO")
        throw new Error(`refund ${id} is already ${found.devolucao.status}`);
      finishRefund(found.devolucao, outcome, motivo);
      await notify([found.pix]);
      return devolucaoSchema.parse(found.devolucao);
    },

    failNext(failure) {
      failures.push({ ...failure, left: failure.times ?? 1 });
    },

    setAnswerStyle(style) {
      answerStyle = style;
    },

    mutateNextCob(mutation) {
      nextCobMutation = mutation;
    },

    revokeTokens() {
      tokens.clear();
    },

    sendCount: efiSend.sendCount,
    sends: efiSend.sends,
    sent: efiSend.sent,
    setSendResults: efiSend.setSendResults,
    completeSend: efiSend.completeSend,
    refuseNextSend: efiSend.refuseNextSend,

    openInfraction: efiMed.openInfraction,
    closeInfraction: efiMed.closeInfraction,
    infraction: efiMed.infraction,
    infractions: efiMed.infractions,
    defenses: efiMed.defenses,
    refuseNextDefense: efiMed.refuseNextDefense,

    openFinanceUrl: `${origin}${OPEN_FINANCE_BASE}`,
    bankUrl: openFinance.bankOrigin,
    initiations: openFinance.initiations,
    initiationCount: openFinance.initiationCount,
    initiation: openFinance.initiation,
    approveInitiation: openFinance.approveInitiation,
    rejectInitiation: openFinance.rejectInitiation,
    expireInitiation: openFinance.expireInitiation,
    setInitiationRefundResult: openFinance.setInitiationRefundResult,
    completeInitiationRefund: openFinance.completeInitiationRefund,
    addInitiationRefund: openFinance.addInitiationRefund,
    setListsUnsettledBare: openFinance.setListsUnsettledBare,
    openFinanceConfig: openFinance.openFinanceConfig,

    async close() {
      for (const response of hanging) response.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await Promise.all([closed, openFinance.close()]);
    },
  };
  return simulator;
}
