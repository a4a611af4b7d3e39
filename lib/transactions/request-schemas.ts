// The request fields every operation shares (contract section 3), for the API and the hosted forms.
import { isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import type { TransactionOperation } from "./kinds";
import { formatAmountDot } from "../money/format-amount";
import { parseAmount } from "../money/parse-amount";

export const text = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "must not contain control characters");

/** 11 digits with valid check digits; "123.456.789-09" is accepted and normalized. */
export const cpfSchema = z
  .string({ error: "must be a string" })
  .trim()
  .regex(/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/, "must be 11 digits, optionally as 123.456.789-09")
  .transform((value) => value.replace(/\D/g, ""))
  .refine((digits) => isValidCpf(digits), "is not a valid CPF (check digits)");

export const customerNameSchema = text(200).refine((name) => /\p{L}.*\p{L}/u.test(name), "must be a person's name");

export const customerEmailSchema = z
  .string({ error: "must be a string" })
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email({ error: "is not a valid e-mail address" }));

/**
 * Blank or invalid name, email or cpf do not reject a Pix on-page, Payment Initiation or Gateway
 * Out request (spec, Errors 3): the value is kept as sent and flagged, and the hosted form makes it
 * editable until it is valid.
 */
export function lenient<T extends z.ZodType<string, string>>(
  schema: T,
  meta: { description: string; examples: string[] },
) {
  // default(""): an absent field is blank, not a missing one. The meta sits on the input side,
  // which is what the OpenAPI document describes.
  return z
    .unknown()
    .meta({ type: "string", ...meta })
    .default("")
    .transform((value) => {
      const raw = typeof value === "string" ? value.trim() : "";
      const parsed = schema.safeParse(raw);
      return parsed.success ? { value: parsed.data, isValid: true } : { value: raw, isValid: false };
    });
}

export function createAmountSchema(maxCents: bigint) {
  const description = `In reais, not centavos: "10,50", "10.50" or 10.5; at most ${formatAmountDot(maxCents)}`;
  return z
    .unknown()
    .meta({ type: ["string", "number"], description, examples: ["10.50"] })
    .transform((value, ctx) => {
      const parsed = parseAmount(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.reason });
        return z.NEVER;
      }
      if (parsed.cents > maxCents) {
        ctx.addIssue({ code: "custom", message: `must be at most ${formatAmountDot(maxCents)}` });
        return z.NEVER;
      }
      return parsed.cents;
    });
}

/** Absent (or empty) means BRL, the only currency (contract section 3). */
export const currencySchema = z.preprocess(
  (value) => (value === null || value === "" ? undefined : value),
  z
    .literal("BRL", { error: "must be BRL, the only currency accepted" })
    .default("BRL")
    .meta({ description: "BRL, the only currency; absent means BRL" }),
);

export const countrySchema = z
  .literal("BR", { error: "must be BR, the only country accepted" })
  .meta({ description: "BR, the only country" });

export const buyerIpSchema = z
  .union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" })
  .meta({ description: "The customer's IP address (IPv4 or IPv6)", examples: ["203.0.113.7"] });

export const phoneSchema = z
  .string({ error: "must be a string" })
  .trim()
  .max(45, "must be at most 45 characters")
  .optional()
  .meta({ description: "The customer's phone (optional, free text)", examples: ["+55 11 91234-5678"] });

/** The merchant's own id for the transaction, unique per merchant and operation. */
export const referenceSchema = text(100).meta({
  description: "Your unique id for this transaction; the same reference with the same data replays",
  examples: ["order-1001"],
});

export const merchantUserSchema = text(100).meta({ description: "Your id for the customer", examples: ["user-42"] });

export const customerFields = {
  name: {
    description:
      "The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form",
    examples: ["Maria da Silva"],
  },
  email: {
    description: "The customer's e-mail; absent, blank or invalid is kept and flagged",
    examples: ["maria@example.com"],
  },
  cpf: {
    description:
      "The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged",
    examples: ["529.982.247-25"],
  },
};

export type Limits = { maxAmountCents: bigint };

type LenientField = { value: string; isValid: boolean };
/** A customer field as its schema reads it: lenient (kept, and flagged when invalid), or valid (Gateway In's). */
type CustomerField = string | LenientField;

const valueOf = (field: CustomerField) => (typeof field === "string" ? field : field.value);

/**
 * The columns every new transaction takes from its validated request, whatever the operation: the
 * one place a request field becomes a column.
 */
export function requestColumns<Operation extends TransactionOperation>(
  operation: Operation,
  request: {
    reference: string;
    amount: bigint;
    currency: string;
    merchant_user: string;
    name: CustomerField;
    email: CustomerField;
    cpf: CustomerField;
    buyer_ip?: string;
    phone?: string;
    brand?: string;
  },
) {
  return {
    operation,
    reference: request.reference,
    amountCents: request.amount,
    currency: request.currency,
    merchantUser: request.merchant_user,
    customerName: valueOf(request.name),
    customerEmail: valueOf(request.email),
    customerCpf: valueOf(request.cpf),
    invalidFields: (["name", "email", "cpf"] as const).filter((field) => {
      const value = request[field];
      return typeof value !== "string" && !value.isValid;
    }),
    buyerIp: request.buyer_ip ?? null,
    phone: request.phone ?? null,
    brand: request.brand ?? null,
  };
}
