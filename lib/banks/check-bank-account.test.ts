import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type BankMethod, bankDirectory, bankMethods, findBank } from "./bank-directory";
import { checkBankAccount } from "./check-bank-account";

// Accounts as each bank's customers see them in their app or on a statement; the check digits
// follow each bank's published rule (as @brazilian-utils implements it).
const accepted: [BankMethod, string, string, string][] = [
  ["banco-do-brasil", "1584-9", "12345-5", "00012345-5"],
  ["banco-do-brasil", "1584", "00012345-5", "00012345-5"],
  ["banco-do-brasil", "1584", "123455", "00012345-5"],
  ["banco-do-brasil", "1584", "210169-6", "00210169-6"],
  ["banco-do-brasil", "1584", "10003-X", "00010003-X"],
  ["banco-do-brasil", "1584", "10003-x", "00010003-X"],
  ["bradesco", "1234", "12345-5", "0012345-5"],
  ["bradesco", "1234-7", "0012345-5", "0012345-5"],
  ["bradesco", "1234", "1234-3", "0001234-3"],
  ["bradesco", "1234", "10003-P", "0010003-P"],
  ["caixa", "1234", "001.00012345-9", "00100012345-9"],
  ["caixa", "1234", "001 00012345-9", "00100012345-9"],
  ["caixa", "1234", "00100012345-9", "00100012345-9"],
  ["caixa", "1234", "100012345-9", "00100012345-9"],
  ["caixa", "1234", "013.00012345-2", "01300012345-2"],
  ["santander", "1234", "01.012345-2", "01012345-2"],
  ["santander", "1234", "1012345-2", "01012345-2"],
  ["santander", "0001", "01012345-7", "01012345-7"],
  ["santander", "1234", "13.000123-2", "13000123-2"],
  ["nubank", "0001", "12345678-4", "12345678-4"],
  ["nubank", "0001", "5216125-0", "5216125-0"],
  ["nubank", "1", "521612509", "52161250-9"],
];

describe("checkBankAccount", () => {
  it.each(accepted)("accepts %s branch %s account %s as %s", (method, branch, account, normalised) => {
    expect(checkBankAccount(method, branch, account)).toEqual({ ok: true, account: normalised });
  });

  it.each([
    [
      "banco-do-brasil",
      "1584",
      "12345-6",
      "Banco do Brasil: up to 8 digits and a check digit (0-9 or X), e.g. 12345-5",
    ],
    ["banco-do-brasil", "1584", "00012345-6", "Banco do Brasil: up to 8 digits"],
    ["bradesco", "1234", "12345-6", "Bradesco: up to 7 digits and a check digit (0-9 or P), e.g. 12345-5"],
    ["bradesco", "1234", "10003-X", "Bradesco: up to 7 digits"],
    ["caixa", "1234", "001.00012345-8", "Caixa Econômica Federal: the 3-digit operation, the 8-digit account"],
    ["caixa", "4321", "001.00012345-9", "also depends on the branch, e.g. 001.00012345-9 at branch 1234"],
    ["santander", "1234", "01.012345-7", "Santander: up to 8 digits and a check digit that also depends on the branch"],
    ["nubank", "0001", "12345678-5", "Nubank: up to 13 digits and a check digit, e.g. 12345678-4"],
  ] as [BankMethod, string, string, string][])(
    "refuses %s branch %s account %s with the format expected",
    (method, branch, account, expected) => {
      const result = checkBankAccount(method, branch, account);
      expect(result).toMatchObject({ ok: false, field: "account" });
      expect(result.ok ? "" : result.message).toMatch(/^check digit does not match branch \d{4} and account \d+ at /);
      expect(result.ok ? "" : result.message).toContain(expected);
    },
  );

  it.each([
    ["banco-do-brasil", "123456789-0", "Banco do Brasil: up to 8 digits"],
    ["bradesco", "12-34-5", "Bradesco: up to 7 digits"],
    ["santander", "123.456.789-0", "Santander: up to 8 digits"],
    ["caixa", "conta 1", "Caixa Econômica Federal: the 3-digit operation"],
  ] as [BankMethod, string, string][])(
    "refuses %s account %s that is not an account, with the format expected",
    (method, account, expected) => {
      const result = checkBankAccount(method, "1234", account);
      expect(result).toMatchObject({ ok: false, field: "account" });
      expect(result.ok ? "" : result.message).toContain(`must be the account number with its check digit. ${expected}`);
    },
  );

  it("refuses a branch of more than 4 digits", () => {
    expect(checkBankAccount("bradesco", "12345", "12345-5")).toEqual({
      ok: false,
      field: "branch",
      message: 'must be the branch number of up to 4 digits, such as "1234" or "1234-5"',
    });
  });
});

describe("what the refusals and the API guide say of each bank's accounts", () => {
  // A branch named beside an example ("at branch 1234") must be one the example passes at; a rule
  // said to depend on the branch must refuse the example at another; otherwise any branch passes.
  const branches = ["0001", "1", "0219", "1234", "4321", "9999"];
  const checkStatement = (method: BankMethod, statement: string) => {
    const example = /e\.g\. (\S+)|`([^`]+)`/.exec(statement);
    const account = (example?.[1] ?? example?.[2])!;
    const branch = /at branch (\d+)/.exec(statement)?.[1];
    expect(account, statement).toBeDefined();
    if (/depends on the branch/.test(statement)) {
      expect(branch, statement).toBeDefined();
      expect(checkBankAccount(method, branch!, account).ok, statement).toBe(true);
      expect(
        branches.some((other) => !checkBankAccount(method, other, account).ok),
        statement,
      ).toBe(true);
    } else {
      expect(branch, `${statement}: names a branch the rule ignores`).toBeUndefined();
      for (const any of branches)
        expect(checkBankAccount(method, any, account).ok, `${statement} at ${any}`).toBe(true);
    }
  };

  it.each(bankMethods)("%s: the refusal's format", (method) => {
    const refusal = checkBankAccount(method, "1234", "not an account");
    expect(refusal.ok).toBe(false);
    checkStatement(method, refusal.ok ? "" : refusal.message.split(`${findBank(method).name}: `)[1]);
  });

  it("docs/api.md: each bank's row, every branch claim included", () => {
    // A row names the bank as customers say it: "Caixa" for Caixa Econômica Federal.
    const bankOf = (cell: string) => bankDirectory.find((bank) => bank.name.startsWith(cell.replace(/^\| /, "")));
    const rows = readFileSync(path.resolve(import.meta.dirname, "../../docs/api.md"), "utf8")
      .split("\n")
      .map((line) => line.trim().split(" | "))
      .filter((cells) => cells.length === 3 && bankOf(cells[0]));
    expect(rows.map((cells) => bankOf(cells[0])!.method).sort()).toEqual([...bankMethods].sort());
    expect(rows.join("\n")).not.toMatch(/branch 0001/);
    for (const [name, format, example] of rows) checkStatement(bankOf(name)!.method, `${format} ${example}`);
  });
});
