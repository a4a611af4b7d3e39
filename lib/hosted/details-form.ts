// What step 1's form shows: the shop's settled values as text, and the fields left to the
// customer, filled with what the shop sent (its invalid values flagged as the page opens) or, back
// from a refused submission, with what the customer typed and what was found wrong with it.
import { bankDirectory } from "../banks/bank-directory";
import { getConfig } from "../config/config";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { maskCpf, maskEmail } from "../deposits/mask-customer";
import { gatewayInMethods } from "../deposits/schemas";
import type { DetailsFormContent as DetailsForm, DetailsRow as Row } from "@/components/pay/details-form";
import type { CustomerField } from "../deposits/submit-customer-details";
import type { RefusedForm } from "../http/refused-form";
import type { Locale, Messages } from "../i18n/messages";
import { formatTypedBrl, parseTypedBrl } from "../i18n/typed-input";

const bankName = (method: string) => bankDirectory.find((bank) => bank.method === method)?.name;

/** The form for the payment as it stands; `amount` as the page's header shows it. */
export function detailsForm(
  {
    payment: { deposit },
    t,
    locale,
    amount,
  }: { payment: Pick<HostedPayment, "deposit">; t: Messages; locale: Locale; amount: string },
  answered: RefusedForm | null,
): DetailsForm {
  const isGatewayIn = deposit.operation === "gateway_in";
  const editable = isGatewayIn
    ? []
    : deposit.invalidFields.filter((f): f is CustomerField => f === "name" || f === "email" || f === "cpf");
  const shown: [CustomerField, string, string][] = [
    ["name", t.name, deposit.customerName ?? ""],
    ["email", t.email, maskEmail(deposit.customerEmail)],
    ["cpf", t.cpf, maskCpf(deposit.customerCpf)],
  ];
  const lockedMethod =
    deposit.paymentMethod === null ? null : deposit.paymentMethod === "pix" ? t.pix : bankName(deposit.paymentMethod);
  const rows: Row[] = [
    ...shown.filter(([field]) => !editable.includes(field)),
    ...(isGatewayIn && !deposit.amountOpen ? [["amount", t.amount, amount] satisfies Row] : []),
    ...(isGatewayIn && !deposit.methodOpen && lockedMethod
      ? [["paymentMethod", t.paymentMethodLabel, lockedMethod] satisfies Row]
      : []),
  ];
  // The shop's invalid values are flagged as the page opens; after a submission, what it found.
  const shopValues = Object.fromEntries(
    editable.map((field) => [
      field,
      (field === "name" ? deposit.customerName : field === "email" ? deposit.customerEmail : deposit.customerCpf) ?? "",
    ]),
  );
  const invalid = answered?.invalid ?? editable.filter((field) => shopValues[field] !== "");
  const isAnswer = answered !== null;
  if (!isGatewayIn)
    return { rows, invalid, isAnswer, kind: "customer", editable, values: answered?.values ?? shopValues };
  // Pix first and preselected: it is how most Brazilians pay. A live customer chooses Pix only: a live
  // bank is the one the shop sent, paid through its initiator (lib/deposits/choose-checkout-payment).
  const methods = [...gatewayInMethods]
    .filter((method) => deposit.mode !== "live" || method === "pix")
    .sort((a, b) => Number(b === "pix") - Number(a === "pix"))
    .map((method) => ({ value: method, label: method === "pix" ? t.pix : (bankName(method) ?? method) }));
  const { maxAmountCents } = getConfig();
  // A refused amount that reads as one was refused for its size: the error names the limit.
  const typedCents = answered?.invalid.includes("amount") ? parseTypedBrl(answered.values.amount ?? "", locale) : null;
  return {
    rows,
    invalid,
    isAnswer,
    kind: "checkout",
    locale,
    isAmountEditable: deposit.amountOpen,
    // Back from a bank step: the customer's earlier choice, still theirs to change.
    amount: answered
      ? (answered.values.amount ?? "")
      : deposit.amountEditable
        ? ""
        : formatTypedBrl(deposit.amountCents, locale),
    amountLimit: formatTypedBrl(maxAmountCents, locale),
    isOverLimit: typedCents !== null && typedCents > maxAmountCents,
    methods: deposit.methodOpen ? methods : null,
    method: answered?.values.paymentMethod ?? deposit.paymentMethod ?? undefined,
  };
}
