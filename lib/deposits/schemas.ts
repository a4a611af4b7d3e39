// The request schemas of the deposit operations, shared by the API and the hosted forms.
import { z } from "zod";
import {
  type Limits,
  buyerIpSchema,
  countrySchema,
  cpfSchema,
  createAmountSchema,
  currencySchema,
  customerEmailSchema,
  customerNameSchema,
  lenient,
  phoneSchema,
  text,
} from "../transactions/request-schemas";

/** Pix on-page (POST /api/pix): the spec's table, with contract section 3's rules. */
export function createPixDepositSchema(limits: Limits) {
  return z.object({
    name: lenient(customerNameSchema),
    email: lenient(customerEmailSchema),
    cpf: lenient(cpfSchema),
    amount: createAmountSchema(limits.maxAmountCents),
    currency: currencySchema,
    reference: text(100),
    merchant_user: text(100),
    country: countrySchema,
    buyer_ip: buyerIpSchema,
    phone: phoneSchema,
    brand: text(100).optional(),
  });
}

const redirectField = z.string({ error: "is required: an absolute https URL" }).trim().min(1, "is required: an absolute https URL");

/** Payment Initiation (POST /api/payment-initiation): Pix on-page's fields and the two redirect URLs. */
export function createPaymentInitiationSchema(limits: Limits) {
  return createPixDepositSchema(limits).extend({ successRedirectUrl: redirectField, failedRedirectUrl: redirectField });
}

/** Gateway In's methods: the spec leaves nubank out of this list. */
export const gatewayInMethods = ["banco-do-brasil", "bradesco", "caixa", "santander", "pix"] as const;
export type GatewayInMethod = (typeof gatewayInMethods)[number];

/**
 * Gateway In (GET /direct/{keyId}/{token}): name, email and cpf required and valid, as they are
 * shown locked; amount optional (the customer then types it); paymentMethod optional.
 */
export function createGatewayInSchema(limits: Limits) {
  return z.object({
    name: customerNameSchema,
    email: customerEmailSchema,
    cpf: cpfSchema,
    paymentMethod: z.enum(gatewayInMethods, { error: `must be one of ${gatewayInMethods.join(", ")}` }).optional(),
    amount: createAmountSchema(limits.maxAmountCents).optional(),
    currency: currencySchema,
    reference: text(100),
    merchant_user: text(100),
    country: countrySchema,
    return_url: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").optional(),
    brand: text(100).optional(),
    phone: phoneSchema,
  });
}
