// The sandbox bank, as a sandbox customer meets it on autorizar: the payment started there like
// any initiation (lib/initiations/start-bank-initiation), then the customer's answer on its
// consent screen, posted: authorize or decline. Where the customer goes next: the sandbox bank's
// consent screen, the receipt, "Pagamento não concluído" with the ways on, or step 1.
import type { BankMethod } from "../banks/bank-directory";
import { isAppError } from "../errors/app-error";
import { answerSandboxBank } from "../initiations/answer-sandbox-bank";
import { startBankInitiation } from "../initiations/start-bank-initiation";
import { type StepAddress, stepAfterBankAnswer } from "./payment-flow";

/** Starts the payment at the sandbox bank: its consent screen for the attempt, or the step to show. */
export async function openSandboxBank(token: string, bank: BankMethod): Promise<StepAddress> {
  try {
    return { step: "autorizar", bank, attempt: (await startBankInitiation({ token, method: bank })).initiationId };
  } catch (error) {
    // Ended, paid or a Pix code issued meanwhile: step 1 says where the payment stands.
    if (!isAppError(error)) throw error;
    return { step: "details" };
  }
}

/** The step to show after the customer's answer. */
export async function submitConsentForm(
  { token, bank, attempt }: { token: string; bank: string; attempt: string | null },
  form: Record<string, string | undefined>,
): Promise<StepAddress> {
  const { decision } = form;
  // No answer a button sends, or no attempt named: nothing is decided, and the page asks again.
  if ((decision !== "authorize" && decision !== "decline") || !attempt) return { step: "autorizar", bank };
  try {
    return stepAfterBankAnswer(await answerSandboxBank({ token, initiationId: attempt, decision }));
  } catch (error) {
    // Decided meanwhile in another tab, or a Pix code issued: the page shows where it stands.
    if (!isAppError(error)) throw error;
    return { step: "details" };
  }
}
