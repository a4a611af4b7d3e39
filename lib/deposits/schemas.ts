// The request schemas of the deposit operations, shared by the API and the hosted forms.
import { z } from "zod";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";
import { depositStatuses } from "../transactions/statuses";
import {
  type Limits,
  buyerIpSchema,
  countrySchema,
  cpfSchema,
  createAmountSchema,
  currencySchema,
  customerEmailSchema,
  customerFields,
  customerNameSchema,
  lenient,
  merchantUserSchema,
  phoneSchema,
  referenceSchema,
  text,
} from "../transactions/request-schemas";

const brandSchema = text(100)
  .optional()
  .meta({
    description:
      "What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)",
    examples: ["Assinatura Premium"],
  });

/** Pix on-page (POST /api/pix): the spec's table, with contract section 3's rules. */
export function createPixDepositSchema(limits: Limits) {
  return z.object({
    name: lenient(customerNameSchema, customerFields.name),
    email: lenient(customerEmailSchema, customerFields.email),
    cpf: lenient(cpfSchema, customerFields.cpf),
    amount: createAmountSchema(limits.maxAmountCents),
    currency: currencySchema,
    reference: referenceSchema,
    merchant_user: merchantUserSchema,
    country: countrySchema,
    buyer_ip: buyerIpSchema,
    phone: phoneSchema,
    brand: brandSchema,
  });
}

const redirectField = z
  .string({ error: "is required: an absolute https URL" })
  .trim()
  .min(1, "is required: an absolute https URL");
const redirectMeta = "an absolute https URL within your registered origins; the normalised URL is stored and used";

/** Payment Initiation (POST /api/payment-initiation): Pix on-page's fields and the two redirect URLs. */
export function createPaymentInitiationSchema(limits: Limits) {
  return createPixDepositSchema(limits).extend({
    successRedirectUrl: redirectField.meta({
      description: `Where the customer returns after paying: ${redirectMeta}`,
      examples: ["https://shop.example.com/paid"],
    }),
    failedRedirectUrl: redirectField.meta({
      description: `Where the customer returns when the payment fails: ${redirectMeta}`,
      examples: ["https://shop.example.com/failed"],
    }),
  });
}

/** The answer to POST /api/pix, the same on a replay. */
export const pixDepositAnswerSchema = z.object({
  id: z.string().meta({
    description: "The deposit's id, for /api/status and refunds",
    examples: [exampleIds.deposit],
  }),
  currency: z.string().meta({ description: "BRL", examples: ["BRL"] }),
  amount: z.number().meta({ description: "In reais, as a number", examples: [10.5] }),
  reference: z.string().meta({ description: "Your reference", examples: ["order-1001"] }),
  qrCodeText: z.string().meta({ description: "The BR Code (Pix copia e cola) to show or copy" }),
  qrCodeImage: z.string().meta({ description: "The same BR Code as a QR image: a PNG data URI" }),
  status: z.enum(depositStatuses).meta({
    description:
      "The deposit's status now: pending when created; a replay of the same request answers paid, failed or expired once it ended, and then the QR can no longer be paid",
    examples: ["pending"],
  }),
  expires_at: z.string().meta({
    description: "When the QR stops being payable, ISO 8601; the same on every replay",
    examples: ["2026-11-22T21:30:00.000Z"],
  }),
  warnings: warningsSchema,
});

/** The answer to POST /api/payment-initiation, the same on a replay. */
export const paymentInitiationAnswerSchema = z.object({
  id: z.string().meta({ description: "The deposit's id", examples: [exampleIds.deposit] }),
  currency: z.string().meta({ description: "BRL", examples: ["BRL"] }),
  amount: z.string().meta({ description: "In reais with a decimal comma", examples: ["10,50"] }),
  reference: z.string().meta({ description: "Your reference", examples: ["order-1001"] }),
  paymentInitiationUrl: z.string().meta({
    description: "The hosted page where the customer pays from a bank account",
    examples: ["https://cashier.example.com/pay/…"],
  }),
  warnings: warningsSchema,
});

export type PixDepositAnswer = z.infer<typeof pixDepositAnswerSchema>;
export type PaymentInitiationAnswer = z.infer<typeof paymentInitiationAnswerSchema>;

/**
 * Why a deposit ended failed or expired, as its status answer and its callback tell the merchant:
 * a stable code to branch on, each with its one reason in words (docs/api.md, "Why a deposit
 * ended").
 */
export const depositReasons = {
  expired: "not paid before its deadline",
  psp_closed: "the PSP closed the Pix charge before it was paid",
  charge_not_issued: "no Pix charge could be issued at the PSP before the deadline",
  customer_declined: "the customer declined the payment at their bank",
  sandbox_simulated: "ended by POST /api/sandbox/simulate",
} as const;

export type DepositReasonCode = keyof typeof depositReasons;

const depositReasonCodes = Object.keys(depositReasons) as [DepositReasonCode, ...DepositReasonCode[]];

/** The data of deposit.paid, deposit.failed and deposit.expired. */
export const depositCallbackDataSchema = z.object({
  id: z.string().meta({ description: "The deposit's id" }),
  reference: z.string().meta({ description: "Your reference" }),
  merchant_user: z.string().nullable().meta({ description: "Your id for the customer" }),
  amount: z.string().meta({ description: "In reais with a decimal point", examples: ["10.50"] }),
  currency: z.string().meta({ examples: ["BRL"] }),
  status: z.enum(["paid", "failed", "expired"]).meta({ description: "The final status, as in the type" }),
  reason_code: z
    .enum(depositReasonCodes)
    .optional()
    .meta({
      description: `When failed or expired: why, as a code (${depositReasonCodes.join(", ")})`,
      examples: ["expired"],
    }),
  reason: z
    .string()
    .optional()
    .meta({
      description: "With reason_code: the reason in words",
      examples: [depositReasons.expired],
    }),
});

/** Gateway In's methods: the spec leaves nubank out of this list. */
export const gatewayInMethods = ["banco-do-brasil", "bradesco", "caixa", "santander", "pix"] as const;
export type GatewayInMethod = (typeof gatewayInMethods)[number];

/**
 * Gateway In (GET /direct/{keyId}/{token}): name, email and cpf required and valid, as they are
 * shown locked; amount optional (the customer then types it); paymentMethod optional.
 */
export function createGatewayInSchema(limits: Limits) {
  return z.object({
    name: customerNameSchema.meta({
      description: "The customer's full name, required and valid: shown locked",
      examples: customerFields.name.examples,
    }),
    email: customerEmailSchema.meta({
      description: "The customer's e-mail, required and valid: shown locked",
      examples: customerFields.email.examples,
    }),
    cpf: cpfSchema.meta({
      description: "The customer's CPF, required and valid: 11 digits, optionally as 123.456.789-09",
      examples: customerFields.cpf.examples,
    }),
    paymentMethod: z
      .enum(gatewayInMethods, { error: `must be one of ${gatewayInMethods.join(", ")}` })
      .optional()
      .meta({ description: "pix or the customer's bank (optional: absent, the customer picks)", examples: ["pix"] }),
    amount: createAmountSchema(limits.maxAmountCents)
      .optional()
      .meta({ description: "In reais (optional: absent, the customer types it)" }),
    currency: currencySchema,
    reference: referenceSchema,
    merchant_user: merchantUserSchema,
    country: countrySchema,
    return_url: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .optional()
      .meta({
        description:
          "Where the customer goes back to (optional): an absolute https URL within your registered origins. Its query gets status (paid, failed or canceled) and deposit_id, a hint for your page: trust only the signed callback or POST /api/status",
        examples: ["https://shop.example.com/back"],
      }),
    brand: brandSchema,
    phone: phoneSchema,
  });
}

export type DepositCallbackData = z.infer<typeof depositCallbackDataSchema>;
