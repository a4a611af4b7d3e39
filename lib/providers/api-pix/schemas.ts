// The API Pix shapes the adapter sends and reads, from the Central Bank's OpenAPI document
// (release 2.9.0, ../shared/spec/bcb-pix-api/openapi.yaml). The shapes as the document writes
// them describe what the gateway sends and what the PSP simulator builds; the adapter reads the
// PSP's answers with the lenient readers at the end of this file, since real PSPs stray from the
// document in ways that must not strand a paid deposit.
import { z } from "zod";
import { AppError } from "../../errors/app-error";
import { log } from "../../log/logger";

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
export const webhookSchema = z.object({
  webhookUrl: z.url(),
  chave: z.string().optional(),
  cnpj: z.string().regex(/^[0-9A-Z]{14}$/),
  criacao: dateTimeSchema,
});

/** What the PSP POSTs to {webhookUrl}/pix (WebhookPixBody). Unverified: only its ids are used. */
export const pixNotificationSchema = z.object({ pix: z.array(pixSchema) });

/** An error answer (Problema, RFC 7807). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  violacoes: z
    .array(z.object({ razao: z.string().optional(), propriedade: z.string().optional(), valor: z.string().optional() }))
    .optional(),
});
export type Problem = z.infer<typeof problemSchema>;

// Reading what a PSP answers. Strict only on what decides money: the ids (endToEndId, txid, a
// devolucao's id), the amounts and the statuses. Everything else is read leniently: null is
// absent, unknown fields are ignored, a field of the wrong shape that decides nothing is dropped,
// and one bad item of a list is logged and skipped instead of failing the whole answer.

const VALOR = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/**
 * A PSP's valor in centavos: "10.50" as the document says, and the "10.5", "10" and JSON
 * numbers (10.5) some PSPs send. Negatives, more than two decimals, exponents and anything else
 * are refused (provider_error).
 */
export function readValor(valor: unknown): bigint {
  // A number is read through its shortest decimal text (10.5 is "10.5", 0.1 + 0.2 is
  // "0.30000000000000004"): exact, or refused for its decimals, never rounded by float arithmetic.
  const text = typeof valor === "number" ? String(valor) : valor;
  const match = typeof text === "string" ? VALOR.exec(text) : null;
  if (!match)
    throw new AppError(
      "provider_error",
      "valor must be reais with at most two decimals, such as 10.50, 10.5, 10 or the number 10.5",
    );
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

const valorAnswerSchema = z.unknown().transform((valor, context) => {
  try {
    return readValor(valor);
  } catch (error) {
    // The message names the rule, never the amount: it reaches the logs.
    context.addIssue({ code: "custom", message: (error as AppError).detail });
    return z.NEVER;
  }
});

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})?$/;

/**
 * A horario (RFC 3339) as a Date, or null when it is no real date and time. Without a zone offset
 * it is Brasília's time, UTC−03:00 all year (Brazil has had no daylight saving time since 2019):
 * the API Pix is Brazilian and its PSPs that drop the offset write local time.
 */
export function readHorario(horario: unknown): Date | null {
  const match = typeof horario === "string" ? DATE_TIME.exec(horario) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = "", zone = "-03:00"] = match;
  // Date rolls 30 February over to March; a day that does not exist is unreadable instead.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const at = new Date(
    `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${zone.toUpperCase()}`,
  );
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Null is absent: a PSP that writes "devedor": null has no devedor to say. */
function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
}

function answerObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess(withoutNulls, z.object(shape));
}

/** The PSP's ids in an item, to find it at the PSP: never its amounts. */
function idsOf(item: unknown): Record<string, string> {
  if (!item || typeof item !== "object") return {};
  const ids = Object.entries(item).filter(
    ([name, value]) => ["endToEndId", "txid", "id", "rtrId"].includes(name) && typeof value === "string",
  );
  return Object.fromEntries(ids.map(([name, value]) => [name, (value as string).slice(0, 40)]));
}

/** A list read item by item: an item that cannot be read is logged and skipped. */
function answerList<Item extends z.ZodType>(item: Item, where: string) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((raw): z.output<Item>[] => {
      const read = item.safeParse(raw);
      if (read.success) return [read.data];
      const issues = read.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".") || "item"}: ${issue.message}`);
      log.warn("unreadable item in a PSP answer; skipped", { in: where, ...idsOf(raw), issues });
      return [];
    }),
  );
}

/** A refund of a received Pix as read (Devolucao). */
export const devolucaoAnswerSchema = answerObject({
  id: devolucaoIdSchema,
  rtrId: z
    .string()
    .regex(/^[a-zA-Z0-9]{32}$/)
    .optional()
    .catch(undefined),
  valor: valorAnswerSchema,
  natureza: z.string().optional().catch(undefined),
  // EM_PROCESSAMENTO, DEVOLVIDO, NAO_REALIZADO, or one added later (read as not final).
  status: z.string(),
  motivo: z
    .string()
    .transform((motivo) => motivo.slice(0, 140))
    .optional()
    .catch(undefined),
});
export type DevolucaoAnswer = z.output<typeof devolucaoAnswerSchema>;

/** A received Pix as read: GET /pix/{e2eid}, and the items of GET /pix and of a cob's pix[]. */
export const pixAnswerSchema = answerObject({
  endToEndId: endToEndIdSchema,
  txid: receivedTxidSchema.optional(),
  valor: valorAnswerSchema,
  // An unreadable horario is the time the Pix was read: it decides no money (a Pix is matched to
  // its deposit by txid and amount), and refusing it would leave a paid deposit pending forever
  // for the sake of a paidAt a little later than the truth.
  horario: z
    .unknown()
    .optional()
    .transform((horario) => readHorario(horario) ?? new Date()),
  devolucoes: answerList(devolucaoAnswerSchema, "a Pix's devolucoes").optional(),
});
export type PixAnswer = z.output<typeof pixAnswerSchema>;

/** PUT /cob/{txid} (CobGerada) and GET /cob/{txid} (CobCompleta) as read. */
export const cobAnswerSchema = answerObject({
  txid: txidSchema,
  calendario: answerObject({ criacao: z.unknown().optional().transform(readHorario) })
    .optional()
    .catch(undefined),
  // ATIVA, CONCLUIDA, the two REMOVIDA_*, or one added later (read as active, never final).
  status: z.string(),
  valor: answerObject({ original: valorAnswerSchema }),
  chave: z.string(),
  loc: answerObject({ location: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
  location: z.string().optional().catch(undefined),
  pixCopiaECola: z.string().optional(),
  pix: answerList(pixAnswerSchema, "a charge's pix").optional(),
});
export type CobAnswer = z.output<typeof cobAnswerSchema>;

/** One page of GET /pix as read. */
export const pixListAnswerSchema = answerObject({
  parametros: answerObject({ paginacao: answerObject({ quantidadeDePaginas: z.number().int().min(0) }) }),
  pix: answerList(pixAnswerSchema, "a GET /pix page").default([]),
});
