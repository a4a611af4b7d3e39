// Efí as a payment initiator (Open Finance): the customer picks their bank, Efí answers the bank's
// address, the customer approves the Pix there and comes back to the gateway's return URL; Efí
// tells the outcome by webhook, and the gateway confirms it by listing the payment.
//
// Sources (read 2026-11-24):
// - Routes: github.com/efipay/sdk-node-apis-efi (MIT) at 2728b67, src/lib/constants.js
//   APIS.OPENFINANCE: base https://openfinance.api.efipay.com.br/v1 (homologation openfinance-h),
//   authorize POST /oauth/token under that base (so the token URL is {baseUrl}/oauth/token, Basic
//   credentials and {"grant_type":"client_credentials"} as JSON, the account's certificate, as
//   src/lib/endpoints.js authenticate() does), ofListParticipants GET /participantes/,
//   ofStartPixPayment POST /pagamentos/pix, ofListPixPayment GET /pagamentos/pix,
//   ofDevolutionPix POST /pagamentos/pix/:identificadorPagamento/devolver, ofConfigUpdate PUT
//   /config. endpoints.js sends x-idempotency-key (72 letters and digits) on every call.
// - Bodies: the same repository's src/types/openFinance.ts at 99e41cf (the 2.x line's zod
//   schemas): the payment's details are `pagamento` {valor, infoPagador?, idProprio? (text, at
//   most 255)}, favorecido.contaBanco {nome (5+), documento (CPF/CNPJ), codigoBanco (ISPB),
//   agencia (4 digits), conta (3 to 20 digits), tipoConta CACC|SVGS|TRAN}, pagador {idParticipante
//   (32 to 36), cpf}; devolver takes [{endToEndId, valor}]; GET /pagamentos/pix takes identificador
//   alone or inicio and fim (dates), quantidade up to 100, pagina. 1.2.28's typings are older
//   (`detalhes`, devolver {valor}); copied facts in test/psp-simulator/efi-sdk/.
// - dev.efipay.com.br/docs/api-open-finance (pagamentos, devolucao, status, webhooks): 409
//   conflito_chave_idempotencia ("repeated key for a different payment": the same key and body is
//   the same payment), 431 for a key too long, 400/422 {nome, mensagem} refusals, 404
//   pagamento_nao_encontrado for an empty listing, devolver answers 202 {…, status: pendente};
//   statuses pendente, rejeitado, aceito, cancelado, expirado (agendado for scheduled payments);
//   the webhook {identificadorPagamento, valor, status, dataCriacao, endToEndId, idProprio, tipo:
//   pagamento|devolucao, motivo?} POSTed to webhookURL, over mTLS or with ?hmac=<hash> appended
//   (PUT /v1/config webhookSecurity {type: "hmac", hash}); homologation: R$ 0.11 rejected, any
//   other amount accepted, both by webhook; scopes gn.opb.participants.read,
//   gn.opb.payment.pix.send, .read, .refund, gn.opb.config.write/read.
//
// Status mapping (ProviderInitiation): pendente and agendado → pending; aceito → paid (Efí's
// "accepted with success", always with its end-to-end id: the Pix settled at the receiver);
// rejeitado, cancelado, expirado, erro → failed. Refunds: pendente → pending, aceito →
// completed, rejeitado → failed.
//
// Refund ids: Efí's devolver takes no id of ours (the idempotency key is its only trace), and a
// payment's devolucoes list only Efí's identificadorDevolucao. refundInitiation answers the
// gateway's refund id with the identificadorDevolucao that appeared for it (or null when it
// cannot tell which one it was, and then never a final status: the listing settles it); in
// findInitiation each refund names only Efí's identificadorDevolucao (providerRefundId, refundId
// null), matched to the gateway's refunds by lib/refunds/match-provider-refunds.
import { AppError, isAppError } from "../../errors/app-error";
import { log } from "../../log/logger";
import { formatAmountDot } from "../../money/format-amount";
import { type ApiPixAnswer, createApiPixClient } from "../api-pix/api-pix-client";
import type {
  InitiationCapability,
  InitiationParticipant,
  InitiationRequest,
  ProviderInitiation,
  ProviderRefund,
} from "../contract/payment-provider";
import type { PspSettings } from "../api-pix/api-pix-settings";
import type { InitiationSettings, ProviderAccount } from "../contract/provider-account";
import {
  type ListedPayment,
  type PaymentStatus,
  listedPaymentSchema,
  ofErrorSchema,
  participantSchema,
  participantsPageSchema,
  paymentIdSchema,
  paymentPageSchema,
  refundAnswerSchema,
  startedPaymentSchema,
} from "./open-finance-schemas";

// Payments listed by id are searched from here: Open Finance payment initiation began in 2022,
// so no payment of the gateway's is older. A narrower window could hide one and make it "none".
const LISTING_SINCE = "2022-01-01";
/** Efí refuses a longer x-idempotency-key with 431. */
const MAX_IDEMPOTENCY_KEY = 72;

const STATUSES: Record<PaymentStatus, ProviderInitiation["status"]> = {
  pendente: "pending",
  agendado: "pending",
  aceito: "paid",
  rejeitado: "failed",
  cancelado: "failed",
  expirado: "failed",
  erro: "failed",
};
const REFUND_STATUSES = { pendente: "pending", aceito: "completed", rejeitado: "failed" } as const;
// What the customer reads on the failure page when Efí gives no motivo: the bank's outcome in
// their words (operators see the same on the attempt).
const STATUS_WORDS: Partial<Record<PaymentStatus, string>> = {
  rejeitado: "o banco não aprovou o pagamento",
  cancelado: "o pagamento foi cancelado no banco",
  expirado: "o tempo para aprovar no banco acabou",
  erro: "o banco não concluiu o pagamento",
};

/** Brasília's calendar date of an instant: Efí's inicio and fim are dates there (UTC−03:00). */
function brasiliaDate(at: Date): string {
  return new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

/** A redirect Efí answers: https, or http only to this machine (a simulator, a local run). */
function isRedirectUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

function httpsOrNull(text: string | undefined): string | null {
  if (!text) return null;
  try {
    return new URL(text).protocol === "https:" ? text : null;
  } catch {
    return null;
  }
}

/** Efí's words for a refusal, for a merchant's eyes and the logs. */
function describeRefusal(answer: ApiPixAnswer, what: string): string {
  const refused = ofErrorSchema.safeParse(answer.body);
  if (!refused.success) return `A Efí recusou ${what} (HTTP ${answer.status}).`;
  const said = refused.data.mensagem ? `${refused.data.mensagem.slice(0, 200)} ` : "";
  return `A Efí recusou ${what}: ${said}[${refused.data.nome.slice(0, 60)}].`;
}

/** The receiving account as Open Finance's contaBanco, or why the account's settings cannot be one. */
function toContaBanco(receiver: InitiationSettings["receiver"]) {
  const agencia = /^\d{1,4}$/.test(receiver.branch) ? receiver.branch.padStart(4, "0") : null;
  const conta = receiver.account.replace(/-/g, "");
  const documento = receiver.document.replace(/\D/g, "");
  if (
    !agencia ||
    !/^\d{3,20}$/.test(conta) ||
    !/^\d{8}$/.test(receiver.ispb) ||
    !/^(\d{11}|\d{14})$/.test(documento) ||
    receiver.name.trim().length < 5
  )
    throw new AppError(
      "invalid_argument",
      "the account's Open Finance receiver is not in a form Efí takes (ISPB of 8 digits, a branch of up to 4 " +
        "digits, an account of 3 to 20 digits, a CPF or CNPJ, a name of 5 characters or more)",
    );
  return {
    codigoBanco: receiver.ispb,
    agencia,
    conta,
    documento,
    nome: receiver.name.trim().slice(0, 140),
    tipoConta: receiver.accountType,
  };
}

export function createEfiInitiations(
  account: ProviderAccount<PspSettings>,
  initiation: InitiationSettings,
): InitiationCapability {
  // Its own host and token, the account's credentials and certificate.
  const client = createApiPixClient(
    {
      ...account.settings,
      baseUrl: initiation.baseUrl,
      tokenUrl: `${initiation.baseUrl}/oauth/token`,
    },
    account.id,
  );
  const secret = account.settings.webhookSecret;

  function toRefund(devolucao: NonNullable<ListedPayment["devolucoes"]>[number]): ProviderRefund {
    const status = REFUND_STATUSES[devolucao.status];
    return {
      refundId: null,
      status,
      amountCents: devolucao.valor,
      providerRefundId: devolucao.identificadorDevolucao,
      failureReason: status === "failed" ? "A Efí não realizou a devolução. (Efí did not carry the refund out.)" : null,
      nature: "original",
    };
  }

  function toInitiation(initiationId: string, payment: ListedPayment): ProviderInitiation {
    const status = STATUSES[payment.status];
    return {
      initiationId,
      providerPaymentId: payment.identificadorPagamento,
      status,
      amountCents: payment.valor ?? null,
      endToEndId: status === "paid" ? (payment.endToEndId ?? null) : null,
      failureReason:
        status === "failed" ? `${payment.motivo ?? STATUS_WORDS[payment.status] ?? payment.status}.` : null,
      refunds: (payment.devolucoes ?? []).map(toRefund),
    };
  }

  /** One page of the listing: its payments as read (unreadable ones logged and skipped) and the next page. */
  async function listPage(query: Record<string, string>): Promise<{ payments: ListedPayment[]; unreadable: number }> {
    const answer = await client.send({ method: "GET", path: "/pagamentos/pix", query });
    // An empty listing is Efí's 404 pagamento_nao_encontrado.
    if (answer.status === 404) return { payments: [], unreadable: 0 };
    if (answer.status >= 400)
      throw new AppError("provider_unavailable", describeRefusal(answer, "a consulta de pagamentos"));
    const page = client.read(answer, paymentPageSchema);
    const payments: ListedPayment[] = [];
    let unreadable = 0;
    for (const item of page.pagamentos) {
      const parsed = listedPaymentSchema.safeParse(item);
      if (parsed.success) payments.push(parsed.data);
      else {
        unreadable += 1;
        log.warn("Efí listed an Open Finance payment the gateway cannot read; skipped", {
          issues: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`),
        });
      }
    }
    return { payments, unreadable };
  }

  /** The payment as Efí lists it, or null when it lists none under that id. */
  async function findPayment(providerPaymentId: string): Promise<ListedPayment | null> {
    if (!paymentIdSchema.safeParse(providerPaymentId).success) return null;
    const tomorrow = brasiliaDate(new Date(Date.now() + 86_400_000));
    const { payments, unreadable } = await listPage({
      identificador: providerPaymentId,
      inicio: LISTING_SINCE,
      fim: tomorrow,
    });
    const found = payments.find((payment) => payment.identificadorPagamento === providerPaymentId);
    if (!found && unreadable > 0)
      throw new AppError(
        "provider_error",
        `Efí answered payment ${providerPaymentId} in a shape the gateway cannot read`,
      );
    return found ?? null;
  }

  return {
    async listParticipants(): Promise<InitiationParticipant[]> {
      const answer = await client.send({ method: "GET", path: "/participantes/" });
      if (answer.status >= 400)
        throw new AppError("provider_unavailable", describeRefusal(answer, "a lista de participantes"));
      const page = client.read(answer, participantsPageSchema);
      const participants: InitiationParticipant[] = [];
      for (const item of page.participantes) {
        const parsed = participantSchema.safeParse(item);
        if (!parsed.success) continue;
        participants.push({
          id: parsed.data.identificador,
          name: parsed.data.nome,
          logoUrl: httpsOrNull(parsed.data.logo),
        });
      }
      return participants;
    },

    async startInitiation(request: InitiationRequest) {
      if (request.initiationId.length > MAX_IDEMPOTENCY_KEY)
        throw new AppError(
          "invalid_argument",
          `initiation id ${request.initiationId} is longer than Efí's 72 characters`,
        );
      const cpf = request.payer.cpf.replace(/\D/g, "");
      if (cpf.length !== 11) throw new AppError("invalid_argument", "the payer's CPF must have 11 digits");
      const body = {
        pagador: { idParticipante: request.participantId, cpf },
        favorecido: { contaBanco: toContaBanco(initiation.receiver) },
        pagamento: {
          valor: formatAmountDot(request.amountCents),
          idProprio: request.depositId,
          ...(request.description ? { infoPagador: request.description.slice(0, 140) } : {}),
        },
      };
      const answer = await client.send({
        method: "POST",
        path: "/pagamentos/pix",
        headers: { "x-idempotency-key": request.initiationId },
        body,
      });
      if (answer.status >= 200 && answer.status < 300) {
        const started = startedPaymentSchema.safeParse(answer.body);
        if (!started.success || !isRedirectUrl(started.data.redirectURI))
          // The payment may exist: the same idempotency key answers it again.
          throw new AppError(
            "provider_unavailable",
            `Efí's answer to initiation ${request.initiationId} has no readable payment id and https redirectURI`,
          );
        return { providerPaymentId: started.data.identificadorPagamento, redirectUrl: started.data.redirectURI };
      }
      // 400 and 422 are Efí's business refusals; 409 a key reused for another payment; 431 a key
      // too long. Anything else (401 while a token is renewed, 404, 429…) says "not now".
      if ([400, 409, 422, 431].includes(answer.status) && ofErrorSchema.safeParse(answer.body).success)
        throw new AppError("provider_error", describeRefusal(answer, "o pagamento"));
      throw new AppError("provider_unavailable", describeRefusal(answer, "o pagamento"));
    },

    async findInitiation({ initiationId, providerPaymentId }) {
      const payment = await findPayment(providerPaymentId);
      return payment && toInitiation(initiationId, payment);
    },

    async refundInitiation({ providerPaymentId, refundId, amountCents }) {
      if (refundId.length > MAX_IDEMPOTENCY_KEY)
        throw new AppError("invalid_argument", `refund id ${refundId} is longer than Efí's 72 characters`);
      const before = await findPayment(providerPaymentId);
      if (!before) throw new AppError("provider_error", `Efí has no payment ${providerPaymentId} to refund`);
      if (before.status !== "aceito" || !before.endToEndId)
        throw new AppError(
          "provider_error",
          `Efí's payment ${providerPaymentId} is ${before.status}: nothing to refund`,
        );
      const known = new Set((before.devolucoes ?? []).map((devolucao) => devolucao.identificadorDevolucao));
      const answer = await client.send({
        method: "POST",
        path: `/pagamentos/pix/${encodeURIComponent(providerPaymentId).replace(/%3A/gi, ":")}/devolver`,
        headers: { "x-idempotency-key": refundId },
        body: [{ endToEndId: before.endToEndId, valor: formatAmountDot(amountCents) }],
      });
      if (answer.status >= 300) {
        if ([400, 422].includes(answer.status) && ofErrorSchema.safeParse(answer.body).success)
          throw new AppError("provider_error", describeRefusal(answer, "a devolução"));
        throw new AppError("provider_unavailable", describeRefusal(answer, "a devolução"));
      }
      const refunded = refundAnswerSchema.safeParse(answer.body);
      if (!refunded.success)
        throw new AppError("provider_unavailable", `Efí's answer to refund ${refundId} cannot be read; ask again`);
      // Efí names the devolucao only in the payment's listing: the one that appeared, when one did.
      const after = await findPayment(providerPaymentId).catch((error: unknown) => {
        if (isAppError(error)) return null;
        throw error;
      });
      const appeared = (after?.devolucoes ?? []).filter(
        (devolucao) => !known.has(devolucao.identificadorDevolucao) && devolucao.valor === amountCents,
      );
      const providerRefundId = appeared.length === 1 ? appeared[0].identificadorDevolucao : null;
      // A final answer for a devolucao it cannot name would leave the one Efí lists unlinked, and
      // booked again as Efí's own: under way until the listing names it.
      const status = providerRefundId === null ? "pending" : REFUND_STATUSES[refunded.data.status];
      return {
        refundId,
        status,
        amountCents: refunded.data.valor ?? amountCents,
        providerRefundId,
        failureReason:
          status === "failed" ? "A Efí não realizou a devolução. (Efí did not carry the refund out.)" : null,
        nature: "original",
      };
    },

    readReturn(query) {
      // The simulator sends ?identificadorPagamento=… (and &erro=… when refused); Efí's pages do
      // not document the parameters on the way back, so this is the name its own APIs use.
      const id = query.get("identificadorPagamento");
      return id !== null && paymentIdSchema.safeParse(id).success ? id : null;
    },

    async configure({ returnUrl, webhookUrl }) {
      // With a secret, Efí appends ?hmac=<secret> to the webhook URL and the gateway checks it;
      // without one, Efí's mTLS is checked by the terminator in front of the gateway. processPayment
      // is left to Efí's default ("sync"): its docs say no more of it.
      const answer = await client.send({
        method: "PUT",
        path: "/config",
        body: {
          redirectURL: returnUrl,
          webhookURL: webhookUrl,
          webhookSecurity: secret ? { type: "hmac", hash: secret } : { type: "mtls" },
        },
      });
      if (answer.status < 200 || answer.status > 299)
        throw new AppError(
          answer.status === 400 || answer.status === 422 ? "provider_error" : "provider_unavailable",
          describeRefusal(answer, "a configuração"),
        );
    },
  };
}
