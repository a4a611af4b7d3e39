// The hosted form's first step: the customer completes or corrects the fields the merchant sent
// blank or invalid. Fields the merchant sent valid are locked: whatever the form posts for them
// is ignored.
import { getDb } from "../db/client";
import { updateCustomerDetails } from "../db/transactions";
import { cpfSchema, customerEmailSchema, customerNameSchema } from "../transactions/request-schemas";
import { findHostedPayment } from "./find-hosted-payment";

export type CustomerInput = { name?: string; email?: string; cpf?: string };
export type CustomerField = keyof CustomerInput;
export type SubmitResult = { ok: true } | { ok: false; invalid: CustomerField[]; closed?: boolean };

const schemas = { name: customerNameSchema, email: customerEmailSchema, cpf: cpfSchema } as const;

export async function submitCustomerDetails(token: string, input: CustomerInput): Promise<SubmitResult> {
  const payment = await findHostedPayment(token);
  if (!payment || payment.state !== "open") return { ok: false, invalid: [], closed: true };
  const { deposit } = payment;
  const stored = {
    name: deposit.customerName ?? "",
    email: deposit.customerEmail ?? "",
    cpf: deposit.customerCpf ?? "",
  };
  const values: Record<CustomerField, string> = { ...stored };
  const invalid: CustomerField[] = [];
  for (const field of ["name", "email", "cpf"] as const) {
    const isEditable = deposit.invalidFields.includes(field);
    const parsed = schemas[field].safeParse(isEditable ? (input[field] ?? "") : stored[field]);
    if (parsed.success) values[field] = parsed.data;
    else invalid.push(field);
  }
  if (invalid.length > 0) return { ok: false, invalid };
  await updateCustomerDetails(getDb(), deposit.id, {
    customerName: values.name,
    customerEmail: values.email,
    customerCpf: values.cpf,
  });
  return { ok: true };
}
