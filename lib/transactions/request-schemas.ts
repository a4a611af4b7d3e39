// The request fields every operation shares (contract section 3), for the API and the hosted forms.
import { isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
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
export function lenient<T extends z.ZodType<string, string>>(schema: T) {
  // default(""): an absent field is blank, not a missing one.
  return z.unknown().default("").transform((value) => {
    const raw = typeof value === "string" ? value.trim() : "";
    const parsed = schema.safeParse(raw);
    return parsed.success ? { value: parsed.data, isValid: true } : { value: raw, isValid: false };
  });
}

export function createAmountSchema(maxCents: bigint) {
  return z.unknown().transform((value, ctx) => {
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
  z.literal("BRL", { error: "must be BRL, the only currency accepted" }).default("BRL"),
);

export const countrySchema = z.literal("BR", { error: "must be BR, the only country accepted" });

export const buyerIpSchema = z.union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" });

export const phoneSchema = z.string({ error: "must be a string" }).trim().max(45, "must be at most 45 characters").optional();

export type Limits = { maxAmountCents: bigint };

type LenientField = { value: string; isValid: boolean };

/** The columns every new transaction takes from its validated request, whatever the operation. */
export function requestColumns(
  operation: string,
  request: {
    reference: string;
    amount: bigint;
    currency: string;
    merchant_user: string;
    name: LenientField;
    email: LenientField;
    cpf: LenientField;
    buyer_ip: string;
    phone?: string;
  },
) {
  return {
    operation,
    reference: request.reference,
    status: "pending",
    amountCents: request.amount,
    currency: request.currency,
    merchantUser: request.merchant_user,
    customerName: request.name.value,
    customerEmail: request.email.value,
    customerCpf: request.cpf.value,
    invalidFields: (["name", "email", "cpf"] as const).filter((field) => !request[field].isValid),
    buyerIp: request.buyer_ip,
    phone: request.phone ?? null,
  };
}
