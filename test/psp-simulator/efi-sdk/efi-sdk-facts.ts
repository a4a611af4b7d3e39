// What Efí's official Node.js SDK says of the calls the gateway makes, copied so the contract test
// runs offline. Not code of ours to change: update it from a newer SDK, never to suit the adapter.
//
// Sources (MIT, Copyright (c) 2015 TJ Efí; the licence is ./LICENSE):
// - Routes: github.com/efipay/sdk-node-apis-efi at 2728b67 (1.2.28), src/lib/constants.js, PIX.ENDPOINTS;
//   the same in the npm package sdk-node-apis-efi@2.0.1, dist/esm/constants/endpoints.js.
// - Bodies and answers: sdk-node-apis-efi@2.0.1, dist/esm/types/pix.js (PixSend*, PixSendDetail*,
//   PixConfigWebhook*), transcribed to this repository's zod; 1.2.28's dist/types/methods/pix.d.ts
//   types the same fields (pixSend, pixSendDetailId, pixConfigWebhook), and alone the MED
//   infractions (medList, medDefense), transcribed below.
import { z } from "zod";

/** The API Pix host's routes the gateway uses: method and path with :params, as the SDK names them. */
export const EFI_PIX_ROUTES = {
  authorize: { method: "POST", route: "/oauth/token" },
  pixCreateCharge: { method: "PUT", route: "/v2/cob/:txid" },
  pixDetailCharge: { method: "GET", route: "/v2/cob/:txid" },
  pixDetailReceived: { method: "GET", route: "/v2/pix/:e2eId" },
  pixReceivedList: { method: "GET", route: "/v2/pix" },
  pixSend: { method: "PUT", route: "/v3/gn/pix/:idEnvio" },
  pixSendDetail: { method: "GET", route: "/v2/gn/pix/enviados/:e2eid" },
  pixSendDetailId: { method: "GET", route: "/v2/gn/pix/enviados/id-envio/:idEnvio" },
  pixSendList: { method: "GET", route: "/v2/gn/pix/enviados" },
  pixDevolution: { method: "PUT", route: "/v2/pix/:e2eId/devolucao/:id" },
  pixDetailDevolution: { method: "GET", route: "/v2/pix/:e2eId/devolucao/:id" },
  pixConfigWebhook: { method: "PUT", route: "/v2/webhook/:chave" },
  pixDetailWebhook: { method: "GET", route: "/v2/webhook/:chave" },
  pixDeleteWebhook: { method: "DELETE", route: "/v2/webhook/:chave" },
  medList: { method: "GET", route: "/v2/gn/infracoes" },
  medDefense: { method: "POST", route: "/v2/gn/infracoes/:idInfracao/defesa" },
} as const;

export type EfiRouteName = keyof typeof EFI_PIX_ROUTES;

/** The SDK route a request matches (path without the query), with its params; null for none. */
export function matchEfiRoute(
  method: string,
  path: string,
): { name: EfiRouteName; params: Record<string, string> } | null {
  for (const [name, { method: routeMethod, route }] of Object.entries(EFI_PIX_ROUTES)) {
    if (routeMethod !== method.toUpperCase()) continue;
    const names: string[] = [];
    const pattern = route.replace(/:(\w+)/g, (_all, param: string) => {
      names.push(param);
      return "([^/]+)";
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (match)
      return {
        name: name as EfiRouteName,
        params: Object.fromEntries(names.map((param, index) => [param, decodeURIComponent(match[index + 1])])),
      };
  }
  return null;
}

// PixSendParamsSchema / PixSendBodySchema (2.0.1): favorecido is a key (with the owner's cpf or
// cnpj to check, optionally) or a bank account with its holder's name and cpf or cnpj.
const contaBancoFields = {
  nome: z.string(),
  codigoBanco: z.string(),
  agencia: z.string(),
  conta: z.string(),
  tipoConta: z.enum(["cacc", "svgs"]),
};

export const pixSendParamsSchema = z.object({ idEnvio: z.string() }).strict();

export const pixSendBodySchema = z.object({
  valor: z.string(),
  pagador: z.object({ chave: z.string(), infoPagador: z.string().optional() }).strict(),
  favorecido: z.union([
    z.object({ chave: z.string(), cpf: z.string().optional() }).strict(),
    z.object({ chave: z.string(), cnpj: z.string().optional() }).strict(),
    z.object({ contaBanco: z.object({ ...contaBancoFields, cpf: z.string() }) }).strict(),
    z.object({ contaBanco: z.object({ ...contaBancoFields, cnpj: z.string() }) }).strict(),
  ]),
});

// PixSendResponseSchema (2.0.1) names the end-to-end id endToEndId; 1.2.28's pixSend type and
// Efí's documentation page name it e2eId. An answer is checked against either.
export const pixSendResponseSchema = z
  .object({
    idEnvio: z.string(),
    valor: z.string(),
    horario: z.object({ solicitacao: z.string() }),
    status: z.literal("EM_PROCESSAMENTO"),
  })
  .and(z.union([z.object({ endToEndId: z.string() }), z.object({ e2eId: z.string() })]));

export const statusPixSendSchema = z.enum(["EM_PROCESSAMENTO", "REALIZADO", "NAO_REALIZADO"]);

// PixSendDetailResponseSchema (2.0.1), which PixSendDetailIdResponseSchema is.
export const pixSendDetailResponseSchema = z
  .object({
    endToEndId: z.string(),
    idEnvio: z.string(),
    valor: z.string(),
    chave: z.string(),
    status: statusPixSendSchema,
    infoPagador: z.string().optional(),
    horario: z.object({ solicitacao: z.string(), liquidacao: z.string().optional() }),
    favorecido: z.union([
      z.object({ chave: z.string() }).strict(),
      z
        .object({
          contaBanco: z.object({
            nome: z.string(),
            cpf: z.string(),
            agencia: z.string(),
            conta: z.string(),
            tipoConta: z.enum(["cacc", "svgs"]),
          }),
        })
        .strict(),
    ]),
  })
  .loose();

// PixConfigWebhookParamsSchema / PixConfigWebhookBodySchema (2.0.1).
export const pixConfigWebhookParamsSchema = z.object({ chave: z.string() }).strict();
export const pixConfigWebhookBodySchema = z.object({ webhookUrl: z.url() }).strict();

// MED infractions against the account (1.2.28's dist/types/methods/pix.d.ts, medList and
// medDefense; src/lib/constants.js): GET /v2/gn/infracoes?inicio=&fim= answers a page of
// infracoes with parametros.paginacao; POST /v2/gn/infracoes/:idInfracao/defesa takes the answer
// and returns nothing.
export const medListParamsSchema = z.object({ inicio: z.string(), fim: z.string() });

const medPartySchema = z.object({
  nomeParticipante: z.string(),
  conta: z.string(),
  nome: z.string(),
  documento: z.string(),
});

export const medStatusSchema = z.enum(["ABERTA", "ACEITA", "CANCELADA_EFI", "EM_DEFESA", "REJEITADA"]);
export const medSituationSchema = z.enum([
  "golpe",
  "aquisição da conta",
  "coerção",
  "acesso fraudulento",
  "outro",
  "desconhecido",
]);

export const medInfractionSchema = z.object({
  idInfracao: z.string(),
  endToEndId: z.string(),
  protocolo: z.string(),
  dataTransacao: z.string(),
  valor: z.string(),
  chave: z.string().optional(),
  status: medStatusSchema,
  razao: z.string(),
  tipoSituacao: medSituationSchema.optional(),
  tipoFraude: z.string().optional(),
  comentario: z.string().optional(),
  defesa: z.string().optional(),
  justificativaAnalista: z.string().optional(),
  identificadorTicket: z.array(z.number()),
  dadosAnalise: z.object({
    abertura: z.string(),
    prazoFinalizacao: z.string(),
    recebimentoDefesa: z.string().optional(),
    finalizacao: z.string().optional(),
  }),
  origem: medPartySchema,
  destino: medPartySchema,
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});

export const medListResponseSchema = z.object({
  parametros: z.object({
    inicio: z.string(),
    fim: z.string(),
    paginacao: z.object({
      paginaAtual: z.number(),
      itensPorPagina: z.number(),
      quantidadeDePaginas: z.number(),
      quantidadeTotalDeItens: z.number(),
    }),
  }),
  infracoes: z.array(medInfractionSchema),
});

export const medDefenseParamsSchema = z.object({ idInfracao: z.string() }).strict();
export const medDefenseBodySchema = z
  .object({ analise: z.enum(["aceito", "rejeitado"]), justificativa: z.string() })
  .strict();

// ---------------------------------------------------------------------------------------------
// Open Finance (payment initiation), on its own host: https://openfinance.api.efipay.com.br/v1
// (homologation openfinance-h.api.efipay.com.br/v1). Sources (MIT, the same licence):
// - Routes: src/lib/constants.js at 2728b67 (1.2.28), APIS.OPENFINANCE.ENDPOINTS; paths are
//   relative to the host's /v1, the token too (POST /v1/oauth/token, Basic and a JSON grant, as
//   src/lib/endpoints.js authenticate() asks it of every host but the charges API's). The same
//   file sends an x-idempotency-key of up to 72 letters and digits on every Open Finance call.
// - Shapes: src/types/openFinance.ts at 99e41cf (the 2.x line's zod schemas), transcribed; where
//   1.2.28's dist/types/methods/open-finance.d.ts differs it is older: it names the payment's
//   details `detalhes` (2.x: `pagamento`), takes devolver's body as {valor} (2.x: a list of
//   {endToEndId, valor}) and lets contaBanco go without `conta` (2.x requires it).
// - The webhook's body: dev.efipay.com.br/docs/api-open-finance/webhooks ("Recebendo callbacks"),
//   which no SDK types.

/** The Open Finance host's routes the gateway uses, relative to its /v1 base. */
export const EFI_OPEN_FINANCE_ROUTES = {
  authorize: { method: "POST", route: "/oauth/token" },
  ofListParticipants: { method: "GET", route: "/participantes/" },
  ofStartPixPayment: { method: "POST", route: "/pagamentos/pix" },
  ofListPixPayment: { method: "GET", route: "/pagamentos/pix" },
  ofConfigUpdate: { method: "PUT", route: "/config" },
  ofConfigDetail: { method: "GET", route: "/config" },
  ofDevolutionPix: { method: "POST", route: "/pagamentos/pix/:identificadorPagamento/devolver" },
} as const;

export type EfiOpenFinanceRouteName = keyof typeof EFI_OPEN_FINANCE_ROUTES;

/** The SDK's Open Finance route a request matches (path relative to /v1, no query); null for none. */
export function matchEfiOpenFinanceRoute(
  method: string,
  path: string,
): { name: EfiOpenFinanceRouteName; params: Record<string, string> } | null {
  for (const [name, { method: routeMethod, route }] of Object.entries(EFI_OPEN_FINANCE_ROUTES)) {
    if (routeMethod !== method.toUpperCase()) continue;
    const names: string[] = [];
    const pattern = route.replace(/:(\w+)/g, (_all, param: string) => {
      names.push(param);
      return "([^/]+)";
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (match)
      return {
        name: name as EfiOpenFinanceRouteName,
        params: Object.fromEntries(names.map((param, index) => [param, decodeURIComponent(match[index + 1])])),
      };
  }
  return null;
}

/** Every Open Finance call carries one (src/lib/endpoints.js); Efí refuses a longer one with 431. */
export const ofIdempotencyKeySchema = z.string().min(1).max(72);

const ofMoneySchema = z
  .string()
  .regex(/^\d{1,16}\.\d{2}$/)
  .min(4)
  .max(19);
const ofCpfSchema = z.string().regex(/^\d{11}$/);
const ofCnpjSchema = z.string().regex(/^[0-9A-Z]{12}[0-9]{2}$/);
const ofDateSchema = z.iso.date();

export const ofConfigBodySchema = z
  .object({
    redirectURL: z.url(),
    webhookURL: z.url(),
    webhookSecurity: z
      .union([
        z.object({ type: z.literal("mtls"), hash: z.never().optional() }).strict(),
        z.object({ type: z.literal("hmac"), hash: z.string() }).strict(),
      ])
      .optional(),
    processPayment: z.enum(["async", "sync"]).optional(),
    generateTxIdForInic: z.boolean().optional(),
  })
  .strict();

export const ofConfigResponseSchema = z
  .object({
    redirectURL: z.string(),
    webhookURL: z.string(),
    webhookSecurity: z.union([
      z.object({ type: z.literal("mtls"), hash: z.never().optional() }).loose(),
      z.object({ type: z.literal("hmac"), hash: z.string() }).loose(),
    ]),
    processPayment: z.enum(["async", "sync"]),
    generateTxIdForInic: z.boolean(),
  })
  .loose();

export const ofListParticipantsResponseSchema = z
  .object({
    participantes: z.array(
      z
        .object({
          identificador: z.string(),
          nome: z.string(),
          descricao: z.string(),
          portal: z.string(),
          logo: z.string(),
          organizacoes: z.array(
            z.object({ nome: z.string(), cnpj: z.string(), status: z.enum(["Ativo", "Inativo"]) }).loose(),
          ),
        })
        .loose(),
    ),
  })
  .loose();

export const ofContaBancoSchema = z
  .object({
    nome: z.string().min(5),
    documento: z.string().regex(/^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$/),
    codigoBanco: z.string().regex(/^([0-9]{3}|[0-9A-Z]{8})$/),
    agencia: z.string().regex(/^\d{4}$/),
    conta: z.string().regex(/^\d{3,20}$/),
    tipoConta: z.enum(["CACC", "SVGS", "TRAN"]),
  })
  .strict();

export const ofStartPixPaymentBodySchema = z
  .object({
    pagador: z
      .object({ idParticipante: z.string().min(32).max(36), cpf: ofCpfSchema, cnpj: ofCnpjSchema.optional() })
      .strict(),
    favorecido: z.union([
      z.object({ contaBanco: ofContaBancoSchema, chave: z.never().optional() }).strict(),
      z.object({ chave: z.string(), contaBanco: z.never().optional() }).strict(),
    ]),
    pagamento: z
      .object({
        valor: ofMoneySchema,
        codigoCidadeIBGE: z
          .string()
          .regex(/^\d{7}$/)
          .optional(),
        infoPagador: z.string().optional(),
        idProprio: z.string().max(255).optional(),
        qrCode: z.string().max(512).optional(),
        identificadorTransacao: z.string().max(25).optional(),
      })
      .strict(),
  })
  .strict();

export const ofStartPaymentResponseSchema = z
  .object({ identificadorPagamento: z.string(), redirectURI: z.string() })
  .loose();

/** Query values arrive as text; the SDK's numbers are compared as such. */
const queryNumber = (schema: z.ZodNumber) => z.coerce.number().pipe(schema);

export const ofListPixPaymentParamsSchema = z.union([
  z
    .object({
      identificador: z.string(),
      inicio: ofDateSchema.optional(),
      fim: ofDateSchema.optional(),
      quantidade: queryNumber(z.number().int().min(1).max(100)).optional(),
      pagina: queryNumber(z.number().int().positive()).optional(),
      status: z.enum(["pendente", "rejeitado", "aceito", "expirado"]).optional(),
    })
    .strict(),
  z
    .object({
      inicio: ofDateSchema,
      fim: ofDateSchema,
      identificador: z.string().optional(),
      quantidade: queryNumber(z.number().int().min(1).max(100)).optional(),
      pagina: queryNumber(z.number().int().positive()).optional(),
      status: z.enum(["pendente", "rejeitado", "aceito", "expirado"]).optional(),
    })
    .strict(),
]);

const ofDevolutionListItemSchema = z
  .object({
    identificadorDevolucao: z.string(),
    valor: z.string(),
    status: z.enum(["pendente", "rejeitado", "aceito"]),
    dataCriacao: z.string(),
  })
  .loose();

const ofListItemBase = {
  identificadorPagamento: z.string(),
  dataCriacao: z.string(),
  idProprio: z.string().optional(),
  devolucoes: z.array(ofDevolutionListItemSchema).optional(),
};

export const ofListPixPaymentResponseSchema = z
  .object({
    pagamentos: z.array(
      z.discriminatedUnion("status", [
        z.object({ ...ofListItemBase, status: z.literal("aceito"), endToEndId: z.string(), valor: z.string() }).loose(),
        z
          .object({
            ...ofListItemBase,
            status: z.enum(["pendente", "rejeitado", "expirado"]),
            endToEndId: z.string().optional(),
            valor: z.string().optional(),
          })
          .loose(),
      ]),
    ),
    total: z.number(),
    porPagina: z.number(),
    ultimo: z.string().nullable(),
    proximo: z.string().nullable(),
    anterior: z.string().nullable(),
    atual: z.string(),
  })
  .loose();

export const ofDevolutionPixParamsSchema = z.object({ identificadorPagamento: z.string() }).strict();
export const ofDevolutionPixBodySchema = z
  .array(z.object({ endToEndId: z.string(), valor: ofMoneySchema }).strict())
  .min(1);
export const ofDevolutionPixResponseSchema = z
  .object({
    identificadorPagamento: z.string(),
    endToEndId: z.string(),
    valor: z.string(),
    dataCriacao: z.string(),
    status: z.enum(["pendente", "aceito", "rejeitado"]),
  })
  .loose();

/** What Efí POSTs to the configured webhookURL on each change (its docs' examples). */
export const ofWebhookBodySchema = z.union([
  z
    .object({
      identificadorPagamento: z.string(),
      valor: z.string(),
      status: z.string(),
      dataCriacao: z.string(),
      endToEndId: z.string().optional(),
      idProprio: z.string().optional(),
      tipo: z.literal("pagamento"),
      motivo: z.string().optional(),
    })
    .strict(),
  z
    .object({
      identificadorPagamento: z.string(),
      identificadorDevolucao: z.string(),
      endToEndId: z.string(),
      idProprio: z.string().optional(),
      valor: z.string(),
      status: z.string(),
      dataCriacao: z.string(),
      tipo: z.literal("devolucao"),
    })
    .strict(),
]);
