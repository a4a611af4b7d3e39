// Efí's Open Finance answers, as the adapter reads them. Strict where money is decided (the
// payment's id, valor, status and end-to-end id, each devolucao's); lenient elsewhere (unknown
// fields ignored, null is absent). Sources: lib/providers/efi/efi-open-finance.ts's header.
import { z } from "zod";
import { lenientText, valorSchema, withoutNulls } from "./schemas";

/** identificadorPagamento: a URN ("urn:efi:ae71713f-…"), at most 256 characters (SDK 2.x UrnSchema). */
export const paymentIdSchema = z.string().regex(/^urn:[A-Za-z0-9:._~%-]{1,252}$/, "must be Efí's payment URN");

/** Efí's Pix end-to-end ids (E + ISPB + time + random), 25 to 35 letters and digits. */
const endToEndIdSchema = z.string().regex(/^[A-Za-z0-9]{25,35}$/, "must be 25 to 35 letters and digits");

/**
 * A payment's status (dev.efipay.com.br/docs/api-open-finance/status): pendente, aceito,
 * rejeitado, cancelado, expirado; agendado for a scheduled one, erro in the listing's filter.
 */
export const paymentStatusSchema = z.enum([
  "pendente",
  "agendado",
  "aceito",
  "rejeitado",
  "cancelado",
  "expirado",
  "erro",
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const devolucaoStatusSchema = z.enum(["pendente", "aceito", "rejeitado"]);

const devolucaoSchema = z.preprocess(
  withoutNulls,
  z.object({
    identificadorDevolucao: z.string().min(1).max(64),
    valor: valorSchema,
    status: devolucaoStatusSchema,
    dataCriacao: lenientText,
  }),
);

/**
 * One payment of GET /v1/pagamentos/pix. The SDK's typings make valor and endToEndId optional
 * (a payment rejected, expired or still pending may carry neither); an accepted one, where money
 * is decided, must name both.
 */
export const listedPaymentSchema = z
  .preprocess(
    withoutNulls,
    z.object({
      identificadorPagamento: paymentIdSchema,
      status: paymentStatusSchema,
      valor: valorSchema.optional(),
      endToEndId: endToEndIdSchema.optional(),
      devolucoes: z.array(devolucaoSchema).max(1000).optional(),
      idProprio: lenientText,
      dataCriacao: lenientText,
      motivo: lenientText,
    }),
  )
  .refine((payment) => payment.status !== "aceito" || payment.endToEndId !== undefined, {
    message: "an accepted payment must name its endToEndId",
    path: ["endToEndId"],
  })
  .refine((payment) => payment.status !== "aceito" || payment.valor !== undefined, {
    message: "an accepted payment must name its valor",
    path: ["valor"],
  });
export type ListedPayment = z.output<typeof listedPaymentSchema>;

/** The page around the payments; each payment is read on its own. */
export const paymentPageSchema = z.object({
  pagamentos: z.array(z.unknown()).max(1000),
  proximo: z.string().nullable().optional().catch(null),
});

/** POST /v1/pagamentos/pix's answer. */
export const startedPaymentSchema = z.object({
  identificadorPagamento: paymentIdSchema,
  redirectURI: z.string().max(4096),
});

/** POST /v1/pagamentos/pix/{id}/devolver's answer (202). */
export const refundAnswerSchema = z.preprocess(
  withoutNulls,
  z.object({ status: devolucaoStatusSchema, valor: valorSchema.optional() }),
);

/** GET /v1/participantes/: read item by item, an unreadable one skipped. */
export const participantsPageSchema = z.object({ participantes: z.array(z.unknown()).max(5000) });
export const participantSchema = z.object({
  identificador: z.string().min(1).max(64),
  nome: z.string().min(1).max(200),
  logo: z.string().optional().catch(undefined),
});

/** Efí's refusals: {"nome": "valor_invalido", "mensagem": "…"}. */
export const ofErrorSchema = z.object({ nome: z.string(), mensagem: z.string().optional().catch(undefined) });
