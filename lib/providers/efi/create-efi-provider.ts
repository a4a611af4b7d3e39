// Efí (Gerencianet): charges and refunds over its API Pix under /v2, and payouts through its own
// Pix send (PUT /v3/gn/pix/{idEnvio}), all on one host with one OAuth token and the account's
// client certificate. A send is repeatable: its idEnvio is the transfer id, and a repeat after a
// timeout answers what Efí already holds under it.
//
// Sources (read 2026-11-24):
// - Routes: github.com/efipay/sdk-node-apis-efi (MIT) at 2728b67, src/lib/constants.js PIX.ENDPOINTS
//   (authorize POST /oauth/token, pixSend PUT /v3/gn/pix/:idEnvio, pixSendDetailId GET
//   /v2/gn/pix/enviados/id-envio/:idEnvio, pixConfigWebhook PUT /v2/webhook/:chave, the API Pix
//   under /v2); copied for the offline contract test into test/psp-simulator/efi-sdk/.
// - Bodies: the same SDK, dist/types/methods/pix.d.ts (1.2.28) and sdk-node-apis-efi@2.0.1's
//   dist/esm/types/pix.js zod schemas: favorecido {chave[, cpf]} or {contaBanco: {nome, cpf|cnpj,
//   codigoBanco, agencia, conta, tipoConta: cacc|svgs}}; the answer {idEnvio, e2eId (endToEndId in
//   2.0.1), valor, horario.solicitacao, status EM_PROCESSAMENTO}.
// - dev.efipay.com.br/docs/api-pix/envio-pagamento-pix: codigoBanco is the ISPB ("09089356"),
//   agencia "1", conta with its digit and no dash ("123453"); 409 {"nome": "id_envio_duplicado"}
//   for a reused idEnvio; 400 and 422 {"nome", "mensagem"} refusals (chave_invalida,
//   pagamento_negado…); 404 PixEnviadoNaoEncontrado for an unknown idEnvio; a webhook must be
//   registered on the paying key; homologation: up to R$ 10.00 REALIZADO by webhook, 10.01 to
//   20.00 NAO_REALIZADO by webhook, above 20.00 refused at once.
// - dev.efipay.com.br/docs/api-pix/webhooks: a send's notification is {"pix": [{endToEndId, chave,
//   tipo: "SOLICITACAO", status, valor, horario, gnExtras: {idEnvio, erro?: {codigo, origem,
//   motivo}}}]}, POSTed to the registered URL + /pix; mTLS, or skip-mTLS (x-skip-mtls-checking:
//   true at registration) with ?hmac=… in the URL.
// - dev.efipay.com.br/en/docs/api-pix/status: EM_PROCESSAMENTO, REALIZADO, NAO_REALIZADO.
// - idEnvio: 1 to 35 letters and digits (Efí's page; third-party clients agree), so po_abc is sent
//   as poabc (transformers.ts).
// - MED infractions and their defense: efi-disputes.ts.
// - Payment initiation through Open Finance (initiations, when the account has initiation
//   settings): its own host, token and sources in efi-open-finance.ts.
import { AppError, isAppError } from "../../errors/app-error";
import { type ApiPixAnswer, type ApiPixClient, createApiPixClient } from "../api-pix/api-pix-client";
import { createApiPixProvider } from "../api-pix/create-api-pix-provider";
import type { PaymentProvider, ProviderTransfer, TransferRequest } from "../contract/payment-provider";
import type { ProviderAccount } from "../contract/provider-account";
import type { PspSettings } from "../api-pix/api-pix-settings";
import { createEfiDisputes } from "./efi-disputes";
import { createEfiInitiations } from "./efi-open-finance";
import { readEfiNotification } from "./read-efi-notification";
import { type SentPixAnswer, efiErrorSchema, sentPixAnswerSchema } from "./schemas";
import { describeRefusal, toIdEnvio, toPixSendBody, toProviderTransfer } from "./transformers";

// 4xx answers to PUT /v3/gn/pix that say "not now" rather than "no": a call in flight (409 is also
// Efí's id_envio_duplicado, looked up first), a timeout, a lock, too many calls. Any other 4xx with
// nothing held under the idEnvio is a refusal: the payout fails and its money is released.
// The only answers to a send that end a payout: a definite business refusal (a key not found, an
// amount refused, a closed account). Anything else (a 401 or 403 while a token is renewed, 404,
// 409 for a repeated idEnvio whose send is not listed yet, 423, 429…) says "not now": the payout
// stays processing and the send is asked about again under the same idEnvio, never ended as
// refused while the first call may still be carrying it out.
const REFUSED = new Set([400, 422]);

export function createEfiProvider(account: ProviderAccount<PspSettings>): PaymentProvider {
  const { settings, pixKey: chave } = account;
  // One client: one OAuth token for the API Pix calls and the sends alike.
  const client: ApiPixClient = createApiPixClient(settings, account.id);
  const apiPix = createApiPixProvider(account, { apiPath: "/v2", client });

  /** A 2xx answer read strictly; an unreadable one leaves the send unknown, to be asked again. */
  function readSent(answer: ApiPixAnswer, idEnvio: string): SentPixAnswer {
    let sent: SentPixAnswer;
    try {
      sent = client.read(answer, sentPixAnswerSchema);
    } catch (error) {
      if (isAppError(error) && error.code === "provider_error")
        throw new AppError("provider_unavailable", `${error.detail}; the send is asked about again later`);
      throw error;
    }
    if (sent.idEnvio !== idEnvio)
      throw new AppError("provider_mismatch", `Efí answered send ${sent.idEnvio} when asked for ${idEnvio}`);
    return sent;
  }

  async function getSent(idEnvio: string): Promise<SentPixAnswer | null> {
    const answer = await client.send({ method: "GET", path: `/v2/gn/pix/enviados/id-envio/${idEnvio}` });
    if (answer.status === 404) return null;
    if (answer.status >= 400) throw client.refusal(answer);
    return readSent(answer, idEnvio);
  }

  /** What Efí holds under the idEnvio is this payout's send only if it sends the same amount. */
  function checkAmount(sent: SentPixAnswer, request: TransferRequest): SentPixAnswer {
    if (sent.valor !== request.amountCents)
      throw new AppError(
        "provider_mismatch",
        `Efí holds send ${sent.idEnvio} of another amount than transfer ${request.transferId}'s`,
      );
    return sent;
  }

  async function sendTransfer(request: TransferRequest): Promise<ProviderTransfer> {
    const idEnvio = toIdEnvio(request.transferId);
    if (!idEnvio) throw new AppError("invalid_argument", `transfer id ${request.transferId} cannot be an Efí idEnvio`);
    const made = toPixSendBody(request, chave);
    if ("refusal" in made)
      return {
        transferId: request.transferId,
        status: "failed",
        amountCents: request.amountCents,
        endToEndId: null,
        failureReason: made.refusal,
      };
    const answer = await client.send({ method: "PUT", path: `/v3/gn/pix/${idEnvio}`, body: made.body });
    if (answer.status < 300)
      return toProviderTransfer(request.transferId, checkAmount(readSent(answer, idEnvio), request));
    // A reused idEnvio is refused (409 id_envio_duplicado); after a timeout or a crash the send may
    // well exist, and then it is the answer. Not knowing whether it exists is no answer at all.
    const refused = efiErrorSchema.safeParse(answer.body);
    const said = describeRefusal(answer.status, refused.success ? refused.data : null);
    const existing = await getSent(idEnvio).catch((error: unknown) => {
      if (!isAppError(error)) throw error;
      throw new AppError("provider_unavailable", `${said}; looking send ${idEnvio} up failed too: ${error.detail}`);
    });
    if (existing) return toProviderTransfer(request.transferId, checkAmount(existing, request));
    const isDuplicate = refused.success && refused.data.nome === "id_envio_duplicado";
    if (!REFUSED.has(answer.status) || isDuplicate) throw new AppError("provider_unavailable", said);
    return {
      transferId: request.transferId,
      status: "failed",
      amountCents: request.amountCents,
      endToEndId: null,
      failureReason: said,
    };
  }

  async function findTransfer(transferId: string): Promise<ProviderTransfer | null> {
    const idEnvio = toIdEnvio(transferId);
    if (!idEnvio) return null;
    const sent = await getSent(idEnvio);
    return sent && toProviderTransfer(transferId, sent);
  }

  return {
    accountId: account.id,
    kind: "efi",
    charges: apiPix.charges,
    refunds: apiPix.refunds,
    transfers: { sendTransfer, findTransfer },
    disputes: createEfiDisputes(client, account.id),
    ...(account.initiation ? { initiations: createEfiInitiations(account, account.initiation) } : {}),
    readNotification: (request) => readEfiNotification(request, settings.webhookSecret),
    async registerWebhook(url) {
      // With a secret, the URL carries it as ?hmac= and Efí is told not to require mTLS of the
      // webhook (x-skip-mtls-checking); ignorar= takes the /pix Efí appends to the whole URL, so the
      // path stays the one registered (dev.efipay.com.br/docs/api-pix/webhooks, "Skip-mTLS").
      // Without one, Efí's mTLS is checked by the terminator in front of the gateway.
      const secret = settings.webhookSecret;
      const separator = url.includes("?") ? "&" : "?";
      const webhookUrl = secret ? `${url}${separator}hmac=${encodeURIComponent(secret)}&ignorar=` : url;
      const answer = await client.send({
        method: "PUT",
        path: `/v2/webhook/${encodeURIComponent(chave)}`,
        headers: { ...settings.webhookHeaders, ...(secret ? { "x-skip-mtls-checking": "true" } : {}) },
        query: settings.webhookQuery,
        body: { webhookUrl },
      });
      if (answer.status < 200 || answer.status > 299) throw client.refusal(answer);
      // The secret stays out of the operator's terminal and logs.
      return { chave, webhookUrl: secret ? `${url}${separator}hmac=…&ignorar=` : url };
    },
  };
}
