// The customer's answer at the sandbox bank, posted: authorize or decline. Where the customer goes
// next: the merchant's success or failure URL, or a step of the payment.
import { decideInitiatedPayment } from "../deposits/decide-initiated-payment";
import { isAppError } from "../errors/app-error";
import type { StepAddress } from "./payment-flow";

/** The merchant's URL to go back to, or the step to show. */
export async function submitConsentForm(
  { token, bank }: { token: string; bank: string },
  form: Record<string, string | undefined>,
): Promise<string | StepAddress> {
  const { decision } = form;
  // No answer a button sends: nothing is decided, and the page asks again.
  if (decision !== "authorize" && decision !== "decline") return { step: "autorizar", bank };
  try {
    const { redirectTo } = await decideInitiatedPayment({ token, bank, decision });
    return redirectTo ?? { step: "details" };
  } catch (error) {
    // Decided meanwhile in another tab, or the details are incomplete: the page shows where it stands.
    if (!isAppError(error)) throw error;
    return { step: "details" };
  }
}
