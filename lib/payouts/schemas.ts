// Gateway Out (POST /api/gateway-out): the spec's table and rules 1 and 2, with contract
// section 3. Bank accounts are checked with each bank's own check-digit rule.
import { z } from "zod";
import { bankMethods, findBank } from "../banks/bank-directory";
import { checkBankAccount } from "../banks/check-bank-account";
import { warningsSchema } from "../envelope/schemas";
import { exampleIds } from "../ids/example-ids";
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
} from "../transactions/request-schemas";

const paymentMethods = [...bankMethods, "pix"] as const;

const optionalText = (description: string, example: string) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .optional()
    .meta({ description, examples: [example] });

export function createGatewayOutSchema(limits: Limits) {
  return z
    .object({
      name: lenient(customerNameSchema, customerFields.name),
      email: lenient(customerEmailSchema, customerFields.email),
      cpf: lenient(cpfSchema, customerFields.cpf),
      paymentMethod: z
        .enum(paymentMethods, { error: `must be one of ${paymentMethods.join(", ")}` })
        .meta({ description: "pix (to the customer's CPF as Pix key) or the customer's bank", examples: ["pix"] }),
      amount: createAmountSchema(limits.maxAmountCents),
      currency: currencySchema,
      reference: referenceSchema,
      merchant_user: merchantUserSchema,
      country: countrySchema,
      buyer_ip: buyerIpSchema,
      phone: phoneSchema,
      pix_key: optionalText("With pix: the customer's CPF registered as their Pix key, equal to cpf", "52998224725"),
      branch: optionalText("With a bank: the branch (agência)", "1234"),
      account: optionalText(
        "With a bank: the account with its check digit as the customer's bank prints it (leading zeros, dash and dots optional)",
        "12345-5",
      ),
      account_type: optionalText("With a bank: C (current account) or S (savings account)", "C"),
    })
    .transform((request, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (request.paymentMethod === "pix") {
        // Rule 1: the customer's CPF, registered as their Pix key, ties the transfer to them.
        const key = cpfSchema.safeParse(request.pix_key ?? "");
        if (!request.pix_key) issue("pix_key", "is required when paymentMethod is pix");
        else if (!key.success) issue("pix_key", "must be a valid CPF (the customer's CPF registered as a Pix key)");
        else if (!request.cpf.isValid || key.data !== request.cpf.value) issue("pix_key", "must equal cpf");
        // With an issue added, zod fails the parse and this value is never seen.
        return { ...request, destination: { kind: "pix" as const, pixKey: key.success ? key.data : "" } };
      }
      // Rule 2: a bank transfer needs branch, account and account_type.
      const bank = findBank(request.paymentMethod);
      if (!request.branch) issue("branch", `is required when paymentMethod is ${request.paymentMethod}`);
      if (!request.account) issue("account", `is required when paymentMethod is ${request.paymentMethod}`);
      if (!request.account_type) issue("account_type", `is required when paymentMethod is ${request.paymentMethod}`);
      else if (request.account_type !== "C" && request.account_type !== "S")
        issue("account_type", "must be C (current account) or S (savings account)");
      const checked =
        request.branch && request.account
          ? checkBankAccount(request.paymentMethod, request.branch, request.account)
          : undefined;
      if (checked && !checked.ok) issue(checked.field, checked.message);
      return {
        ...request,
        destination: {
          kind: "bank" as const,
          bankCode: bank.code,
          branch: request.branch ?? "",
          account: checked?.ok ? checked.account : "",
          accountType: request.account_type ?? "",
        },
      };
    });
}

/** The answer to POST /api/gateway-out, the same on a replay. */
export const gatewayOutAnswerSchema = z.object({
  transfer_id: z.string().meta({
    description: "The payout's id, for /api/status and its callback",
    examples: [exampleIds.payout],
  }),
  warnings: warningsSchema,
});

/** The data of gateway_out.completed and gateway_out.canceled. */
export const payoutCallbackDataSchema = z.object({
  transfer_id: z.string().meta({ description: "The payout's id" }),
  transfers_id: z.string().meta({ description: "The same id under its older name, kept for older integrations" }),
  reference: z.string().meta({ description: "Your reference" }),
  merchant_user: z.string().nullable().meta({ description: "Your id for the customer" }),
  user_id: z.string().nullable().meta({ description: "The same id under its older name, kept for older integrations" }),
  amount: z.string().meta({ description: "In reais with a decimal point", examples: ["10.50"] }),
  currency: z.string().meta({ examples: ["BRL"] }),
  status: z.enum(["completed", "canceled"]).meta({ description: "The final status, as in the type" }),
  reason_code: z.string().optional().meta({ description: "When canceled: why, as a code" }),
  reason: z.string().optional().meta({ description: "When canceled: why, in words" }),
});

export type GatewayOutAnswer = z.infer<typeof gatewayOutAnswerSchema>;
export type PayoutCallbackData = z.infer<typeof payoutCallbackDataSchema>;

/** The reason codes the console offers an operator canceling a payout; the CLI takes any well-formed code. */
export const consoleCancelReasonCodes = [
  "invalid_account",
  "account_closed",
  "holder_mismatch",
  "suspected_fraud",
  "merchant_request",
  "other",
] as const;

const reasonCodeRule = "is required: 1 to 50 letters, digits, _ . or -";

/** Why an operator cancels a payout (CLI and console alike): the merchant's callback carries both. */
export const payoutCancelReasonSchema = z.object({
  reasonCode: z
    .string({ error: reasonCodeRule })
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,50}$/, reasonCodeRule),
  reason: z
    .string({ error: "is required: at most 500 characters" })
    .trim()
    .min(1, "is required: at most 500 characters")
    .max(500, "must be at most 500 characters"),
});

export type PayoutCancelReason = z.infer<typeof payoutCancelReasonSchema>;

export const transferIdSchema = z
  .string()
  .trim()
  .regex(/^po_[a-z0-9]{1,40}$/, "must be a payout's transfer id (po_…)");

/** The console's marking form: complete, or cancel with a reason; resume a marking that crashed. */
export const payoutMarkingSchema = z.discriminatedUnion("outcome", [
  z.object({ transferId: transferIdSchema, outcome: z.literal("completed"), isResume: z.boolean().default(false) }),
  z.object({
    transferId: transferIdSchema,
    outcome: z.literal("canceled"),
    isResume: z.boolean().default(false),
    ...payoutCancelReasonSchema.shape,
  }),
]);
