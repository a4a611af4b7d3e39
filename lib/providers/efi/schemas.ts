// Efí's own Pix send shapes, as the adapter reads them. Strict only where money is decided (the
// idEnvio, the end-to-end id, the valor, the status); everything else is read leniently: null is
// absent, unknown fields are ignored, a field of the wrong shape that decides nothing is dropped.
// Sources: lib/providers/efi/create-efi-provider.ts's header.
import { z } from "zod";
import { AppError } from "../../errors/app-error";
import { readValor } from "../api-pix/schemas";

/** Efí's idEnvio: 1 to 35 letters and digits (no underscore, no dash). */
export const idEnvioSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/, "must be 1 to 35 letters and digits");

/** A Pix send's status: EM_PROCESSAMENTO until it ends REALIZADO or NAO_REALIZADO. */
export const sendStatusSchema = z.enum(["EM_PROCESSAMENTO", "REALIZADO", "NAO_REALIZADO"]);
export type SendStatus = z.infer<typeof sendStatusSchema>;

export const endToEndIdSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/, "must be letters and digits");

export const valorSchema = z.unknown().transform((valor, context) => {
  try {
    return readValor(valor);
  } catch (error) {
    // The message names the rule, never the amount: it reaches the logs.
    context.addIssue({ code: "custom", message: (error as AppError).detail });
    return z.NEVER;
  }
});

/** Null is absent: a PSP that writes "horario": null has no horario to say. */
export function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
}

export const lenientText = z
  .string()
  // No database stores a NUL in text: a PSP's stray one must not stop the row it describes.
  .transform((text) => text.replaceAll("\u0000", "").slice(0, 200))
  .optional()
  .catch(undefined);

/** Why Efí did not carry a send out (gnExtras.erro in its notifications; sometimes in its answers). */
const sendErrorSchema = z
  .preprocess(withoutNulls, z.object({ codigo: lenientText, motivo: lenientText, origem: lenientText }))
  .optional()
  .catch(undefined);

/**
 * PUT /v3/gn/pix/{idEnvio}'s answer and GET /v2/gn/pix/enviados/id-envio/{idEnvio}'s, as read.
 * The end-to-end id is e2eId in the send's answer (Efí's page, SDK 1.2.28) and endToEndId in the
 * query's (and in SDK 2.0.1's send answer): either is taken.
 */
export const sentPixAnswerSchema = z
  .preprocess(
    withoutNulls,
    z.object({
      idEnvio: idEnvioSchema,
      e2eId: endToEndIdSchema.optional(),
      endToEndId: endToEndIdSchema.optional(),
      valor: valorSchema,
      status: sendStatusSchema,
      gnExtras: z
        .preprocess(withoutNulls, z.object({ erro: sendErrorSchema }))
        .optional()
        .catch(undefined),
      erro: sendErrorSchema,
      motivo: lenientText,
    }),
  )
  .transform(({ e2eId, endToEndId, gnExtras, erro, motivo, ...sent }) => ({
    ...sent,
    endToEndId: endToEndId ?? e2eId ?? null,
    reason: gnExtras?.erro?.motivo ?? erro?.motivo ?? motivo ?? null,
  }));
export type SentPixAnswer = z.output<typeof sentPixAnswerSchema>;

/** Efí's refusals: {"nome": "saldo_insuficiente", "mensagem": "…"} (its own shape, not the API Pix's problem). */
export const efiErrorSchema = z.object({ nome: z.string(), mensagem: z.string().optional().catch(undefined) });
export type EfiError = z.infer<typeof efiErrorSchema>;

/** An infraction's status at Efí (medList). */
export const infractionStatusSchema = z.enum(["ABERTA", "EM_DEFESA", "ACEITA", "REJEITADA", "CANCELADA_EFI"]);

const isoDateSchema = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

/** Efí's idInfracao: what a defense names. */
export const infractionIdSchema = z.string().regex(/^[\w-]{1,100}$/, "must be 1 to 100 letters, digits, _ or -");

/**
 * One of GET /v2/gn/infracoes' infracoes, as read: strict in what decides money (the ids, the
 * valor, the status, the deadline), lenient in what only describes it.
 */
export const infractionSchema = z
  .preprocess(
    withoutNulls,
    z.object({
      idInfracao: infractionIdSchema,
      endToEndId: endToEndIdSchema,
      valor: valorSchema,
      status: infractionStatusSchema,
      razao: lenientText,
      tipoSituacao: z.string().optional().catch(undefined),
      criadoEm: isoDateSchema.optional().catch(undefined),
      dadosAnalise: z.preprocess(
        withoutNulls,
        z.object({ abertura: isoDateSchema.optional().catch(undefined), prazoFinalizacao: isoDateSchema }),
      ),
    }),
  )
  .refine(
    // When it opened decides how far back later listings reach for it: a guess would lose it.
    (infraction) => infraction.dadosAnalise.abertura ?? infraction.criadoEm,
    { message: "must say when it opened (dadosAnalise.abertura or criadoEm)", path: ["dadosAnalise", "abertura"] },
  );
export type Infraction = z.output<typeof infractionSchema>;

/**
 * GET /v2/gn/infracoes' answer: a page of infractions, each read on its own (one unreadable item
 * must not hide the others), and how many pages there are.
 */
export const infractionListSchema = z.object({
  parametros: z.object({
    paginacao: z.object({ quantidadeDePaginas: z.number().int().min(0) }),
  }),
  infracoes: z.array(z.unknown()),
});
