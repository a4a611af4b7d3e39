// Gateway Out (POST /api/gateway-out): the spec's table and rules 1 and 2, with contract
// section 3. Bank accounts are checked with each bank's own check-digit rule.
import { z } from "zod";
import { bankMethods, findBank } from "../banks/bank-directory";
import { checkBankAccount } from "../banks/check-bank-account";
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

const paymentMethods = [...bankMethods, "pix"] as const;

const optionalText = z.string({ error: "must be a string" }).trim().optional();

export function createGatewayOutSchema(limits: Limits) {
  return z
    .object({
      name: lenient(customerNameSchema),
      email: lenient(customerEmailSchema),
      cpf: lenient(cpfSchema),
      paymentMethod: z.enum(paymentMethods, { error: `must be one of ${paymentMethods.join(", ")}` }),
      amount: createAmountSchema(limits.maxAmountCents),
      currency: currencySchema,
      reference: text(100),
      merchant_user: text(100),
      country: countrySchema,
      buyer_ip: buyerIpSchema,
      phone: phoneSchema,
      pix_key: optionalText,
      branch: optionalText,
      account: optionalText,
      account_type: optionalText,
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
      else if (request.account_type !== "C" && request.account_type !== "S") issue("account_type", "must be C (current account) or S (savings account)");
      const checked = request.branch && request.account ? checkBankAccount(request.paymentMethod, request.branch, request.account) : undefined;
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
