// Customers copy their account the way their bank prints it: "12345-5", "00012345-5",
// "123455", "001.00012345-9". The check-digit rules (@brazilian-utils' isValidBankAccount, from
// each bank's published rule) work on a fixed number of digits per bank, so the account is
// normalised to that length first; leading zeros never change these digits (modulus 11 and the
// Santander weights add nothing for a zero, Verhoeff at Nubank strips them).
import { isValidBankAccount } from "@brazilian-utils/brazilian-utils";
import { type BankMethod, findBank } from "./bank-directory";

type AccountFormat = {
  /** The digits the check-digit rule takes, leading zeros added up to this length. */
  length: number;
  /** The most digits an account has at this bank, leading zeros aside. */
  max: number;
  /** What the customer sees, said in the refusal. */
  expected: string;
};

const accountFormats: Record<BankMethod, AccountFormat> = {
  "banco-do-brasil": { length: 8, max: 8, expected: "up to 8 digits and a check digit (0-9 or X), e.g. 12345-5" },
  bradesco: { length: 7, max: 7, expected: "up to 7 digits and a check digit (0-9 or P), e.g. 12345-5" },
  caixa: {
    length: 11,
    max: 11,
    expected:
      "the 3-digit operation, the 8-digit account and a check digit that also depends on the branch, e.g. 001.00012345-9 at branch 1234",
  },
  nubank: { length: 5, max: 13, expected: "up to 13 digits and a check digit, e.g. 12345678-4" },
  santander: {
    length: 8,
    max: 8,
    expected: "up to 8 digits and a check digit that also depends on the branch, e.g. 01012345-2 at branch 1234",
  },
};

const BRANCH_LENGTH = 4;
/** "1234" or "1234-5": the branch, and its own check digit when one is written. */
const BRANCH = /^(\d+)(?:-[\dXx])?$/;
/** Digits, with dots or spaces between groups, then the check digit after an optional dash. */
const ACCOUNT = /^(\d[\d. ]*?)[ ]?-?([\dXxPp])$/;

export type BankAccountCheck =
  { ok: true; account: string } | { ok: false; field: "branch" | "account"; message: string };

/** The account as the bank's rule reads it ("00012345-5"), or the field to fix and the format expected. */
export function checkBankAccount(method: BankMethod, branch: string, account: string): BankAccountCheck {
  const bank = findBank(method);
  const format = accountFormats[method];
  const branchMatch = BRANCH.exec(branch);
  const branchDigits = branchMatch?.[1].replace(/^0+(?=\d)/, "");
  if (!branchDigits || branchDigits.length > BRANCH_LENGTH) {
    return {
      ok: false,
      field: "branch",
      message: `must be the branch number of up to ${BRANCH_LENGTH} digits, such as "1234" or "1234-5"`,
    };
  }
  const accountMatch = ACCOUNT.exec(account);
  const accountDigits = accountMatch?.[1].replace(/[. ]/g, "").replace(/^0+(?=\d)/, "");
  if (!accountMatch || !accountDigits || accountDigits.length > format.max) {
    return {
      ok: false,
      field: "account",
      message: `must be the account number with its check digit. ${bank.name}: ${format.expected}`,
    };
  }
  const agency = branchDigits.padStart(BRANCH_LENGTH, "0");
  const number = accountDigits.padStart(format.length, "0");
  const digit = accountMatch[2].toUpperCase();
  if (!isValidBankAccount({ bankCode: bank.code, agency, account: number, digit })) {
    return {
      ok: false,
      field: "account",
      message: `check digit does not match branch ${agency} and account ${number} at ${bank.name}. ${bank.name}: ${format.expected}`,
    };
  }
  return { ok: true, account: `${number}-${digit}` };
}
