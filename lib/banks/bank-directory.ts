// The banks the spec names, by the paymentMethod slugs merchants send. Names, COMPE codes and
// ISPBs come from @brazilian-utils' copy of the Central Bank's STR participant list.
import { getBankByCode } from "@brazilian-utils/brazilian-utils";

export const bankMethods = ["banco-do-brasil", "bradesco", "caixa", "nubank", "santander"] as const;
export type BankMethod = (typeof bankMethods)[number];

/** Whether a slug (unverified, from a form or an address) is one of the interface's banks. */
export function isBankMethod(value: unknown): value is BankMethod {
  return bankMethods.includes(value as BankMethod);
}

const compeCodes: Record<BankMethod, string> = {
  "banco-do-brasil": "001",
  bradesco: "237",
  caixa: "104",
  nubank: "260",
  santander: "033",
};

/** How people know them: the registered names are legal names in capitals. */
const displayNames: Record<BankMethod, string> = {
  "banco-do-brasil": "Banco do Brasil",
  bradesco: "Bradesco",
  caixa: "Caixa Econômica Federal",
  nubank: "Nubank",
  santander: "Santander",
};

export type Bank = { method: BankMethod; code: string; ispb: string; name: string; legalName: string };

export const bankDirectory: readonly Bank[] = bankMethods.map((method) => {
  const registered = getBankByCode(compeCodes[method]);
  if (!registered) throw new Error(`bank ${compeCodes[method]} is missing from the STR participant list`);
  return {
    method,
    code: registered.code,
    ispb: registered.ispb,
    name: displayNames[method],
    legalName: registered.name,
  };
});

export function findBank(method: BankMethod): Bank {
  return bankDirectory.find((bank) => bank.method === method) as Bank;
}

/** The labels the spec gives account_type, as the customer sees them. */
export const accountTypeLabels = {
  C: "Conta Corrente de Pessoa Física",
  S: "Conta Poupança de Pessoa Física",
} as const;

export type AccountType = keyof typeof accountTypeLabels;
