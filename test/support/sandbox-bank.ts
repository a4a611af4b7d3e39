// A sandbox customer at the sandbox bank, as the hosted pages take them: the payment started at
// the bank (autorizar's GET), then their decision on its consent screen (autorizar's POST).
import type { BankMethod } from "@/lib/banks/bank-directory";
import { answerSandboxBank } from "@/lib/initiations/answer-sandbox-bank";
import { startBankInitiation } from "@/lib/initiations/start-bank-initiation";

/** Starts the payment at the sandbox bank: the attempt its consent screen's address names. */
export async function openSandboxBankAttempt(token: string, bank: BankMethod): Promise<string> {
  return (await startBankInitiation({ token, method: bank })).initiationId;
}

/** Starts the payment at `bank` and answers its consent screen. */
export async function decideAtSandboxBank(options: {
  token: string;
  bank: BankMethod;
  decision: "authorize" | "decline";
}): Promise<"pending" | "paid" | "failed"> {
  const initiationId = await openSandboxBankAttempt(options.token, options.bank);
  return answerSandboxBank({ token: options.token, initiationId, decision: options.decision });
}
