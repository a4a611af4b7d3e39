import { type BankMethod, bankMethods, findBank } from "../banks/bank-directory";
import type { PayoutRecord } from "../db/transactions";
import type { TransferRequest } from "../providers/contract/payment-provider";

const isBankMethod = (method: string | null): method is BankMethod => bankMethods.some((known) => known === method);

/**
 * What the PSP is asked to send for a payout: to the customer's Pix key (their CPF, rule 1 of the
 * interface), or to their account at one of the interface's banks, named by its ISPB as the Pix
 * system names institutions. The holder is the payout's customer, when their name and CPF were valid.
 */
export function toTransferRequest(payout: PayoutRecord): TransferRequest {
  const base = { transferId: payout.id, amountCents: payout.amountCents, description: `Pagamento ${payout.reference}` };
  if (payout.pixKey) return { ...base, destination: { kind: "pix_key", pixKey: payout.pixKey } };
  const method = payout.paymentMethod;
  if (!isBankMethod(method) || !payout.branch || !payout.account)
    throw new Error(`payout ${payout.id} has neither a Pix key nor a bank account`);
  const isValid = (field: string) => !payout.invalidFields.includes(field);
  return {
    ...base,
    destination: {
      kind: "bank_account",
      ispb: findBank(method).ispb,
      // The branch's own check digit, when the customer typed it, is no part of its number.
      branch: payout.branch.split("-")[0].replace(/\D/g, ""),
      account: payout.account,
      accountType: payout.accountType === "S" ? "S" : "C",
      holderName: isValid("name") ? payout.customerName : null,
      holderCpf: isValid("cpf") ? payout.customerCpf : null,
    },
  };
}
