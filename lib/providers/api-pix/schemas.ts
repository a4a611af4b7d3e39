// The API Pix shapes the adapter sends and reads, from the Central Bank's OpenAPI document
// (release 2.9.0, ../shared/spec/bcb-pix-api/openapi.yaml). Only the fields the gateway uses are
// described; fields a PSP adds of its own are dropped when parsing, so answers from any
// compliant PSP parse. The PSP simulator builds its answers from these same schemas.
import { z } from "zod";

/** Valor: reais with a dot and exactly two decimals, "10.50". */
export const valorSchema = z.string().regex(/^\d{1,10}\.\d{2}$/, "must be reais with two decimals, such as 10.50");
/** A charge's txid: 26 to 35 letters and digits. */
export const txidSchema = z.string().regex(/^[a-zA-Z0-9]{26,35}$/, "must be 26 to 35 letters and digits");
/** A Pix's txid as received: any 1 to 35 letters and digits (a static code's, or none). */
const receivedTxidSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/);
export const endToEndIdSchema = z.string().regex(/^[a-zA-Z0-9]{32}$/, "must be 32 letters and digits");
/** The refund id the gateway chose (DevolucaoId). */
export const devolucaoIdSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/, "must be 1 to 35 letters and digits");
const dateTimeSchema = z.iso.datetime({ offset: true });

/** The token endpoint's answer (RFC 6749 section 5.1). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i, "must be Bearer"),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional(),
});

const devedorSchema = z.object({ cpf: z.string().regex(/^\d{11}$/), nome: z.string().min(1).max(200) });

/** PUT /cob/{txid}: the charge the gateway asks for (CobSolicitada). */
export const cobRequestSchema = z.object({
  calendario: z.object({ expiracao: z.number().int().positive() }),
  devedor: devedorSchema.optional(),
  valor: z.object({ original: valorSchema }),
  chave: z.string().min(1).max(77),
  solicitacaoPagador: z.string().max(140).optional(),
});
export type CobRequest = z.infer<typeof cobRequestSchema>;

export const cobStatusSchema = z.enum(["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"]);

/** A refund of a received Pix (Devolucao). */
export const devolucaoSchema = z.object({
  id: devolucaoIdSchema,
  rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  valor: valorSchema,
  natureza: z.string().optional(),
  descricao: z.string().max(140).optional(),
  horario: z.object({ solicitacao: dateTimeSchema.optional(), liquidacao: dateTimeSchema.optional() }),
  status: z.enum(["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"]),
  motivo: z.string().max(140).optional(),
});
export type Devolucao = z.infer<typeof devolucaoSchema>;

/** A received Pix (Pix): GET /pix/{e2eid}, the items of GET /pix and of a webhook notification. */
export const pixSchema = z.object({
  endToEndId: endToEndIdSchema,
  txid: receivedTxidSchema.optional(),
  valor: valorSchema,
  chave: z.string().max(77).optional(),
  horario: dateTimeSchema,
  infoPagador: z.string().max(140).optional(),
  devolucoes: z.array(devolucaoSchema).optional(),
});
export type Pix = z.infer<typeof pixSchema>;

/** PUT /cob/{txid} (CobGerada, 201) and GET /cob/{txid} (CobCompleta, 200). */
export const cobSchema = z.object({
  txid: txidSchema,
  calendario: z.object({ criacao: dateTimeSchema, expiracao: z.number().int().positive() }),
  revisao: z.number().int().min(0),
  status: cobStatusSchema,
  valor: z.object({ original: valorSchema }),
  chave: z.string().max(77),
  devedor: devedorSchema.optional(),
  solicitacaoPagador: z.string().max(140).optional(),
  // The document requires id, txid, tipoCob and criacao here while its own examples leave some
  // out: only location is read, so each is optional.
  loc: z
    .object({
      id: z.number().int().optional(),
      txid: txidSchema.optional(),
      location: z.string().max(77).optional(),
      tipoCob: z.enum(["cob", "cobv"]).optional(),
      criacao: dateTimeSchema.optional(),
    })
    .optional(),
  location: z.string().max(77).optional(),
  pixCopiaECola: z.string().max(512).optional(),
  pix: z.array(pixSchema).optional(),
});
export type Cob = z.infer<typeof cobSchema>;

const paginacaoSchema = z.object({
  paginaAtual: z.number().int().min(0),
  itensPorPagina: z.number().int().min(1),
  quantidadeDePaginas: z.number().int().min(1),
  quantidadeTotalDeItens: z.number().int().min(0),
});

/** GET /pix?inicio=&fim= (PixConsultados): one page of the Pix received in a window. */
export const pixListSchema = z.object({
  parametros: z.object({ inicio: dateTimeSchema, fim: dateTimeSchema, paginacao: paginacaoSchema }),
  pix: z.array(pixSchema).default([]),
});
export type PixList = z.infer<typeof pixListSchema>;

/** PUT /pix/{e2eid}/devolucao/{id}: the refund the gateway asks for (DevolucaoSolicitada). */
export const devolucaoRequestSchema = z.object({
  valor: valorSchema,
  natureza: z.literal("ORIGINAL").optional(),
  descricao: z.string().max(140).optional(),
});
export type DevolucaoRequest = z.infer<typeof devolucaoRequestSchema>;

/** PUT /webhook/{chave} (WebhookSolicitado). */
export const webhookRequestSchema = z.object({ webhookUrl: z.url() });

/** GET /webhook/{chave} (WebhookCompleto). */
export const webhookSchema = z.object({ webhookUrl: z.url(), chave: z.string().optional(), cnpj: z.string().regex(/^[0-9A-Z]{14}$/), criacao: dateTimeSchema });

/** What the PSP POSTs to {webhookUrl}/pix (WebhookPixBody). Unverified: only its ids are used. */
export const pixNotificationSchema = z.object({ pix: z.array(pixSchema) });

/** An error answer (Problema, RFC 7807). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  violacoes: z.array(z.object({ razao: z.string().optional(), propriedade: z.string().optional(), valor: z.string().optional() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
