// A live customer sent on to their bank (autorizar's POST, and a Gateway In link whose shop sent
// the bank as it opens): the payment is started at the account's Open Finance initiator
// (lib/initiations/start-bank-initiation) and the customer goes to banco/abrir, which hands them
// to the bank. What went wrong becomes where the customer goes instead, said there in their words;
// the initiator's own reason is on the attempt it ended.
import { getDb } from "../db/client";
import { type InitiationRecord, listDepositInitiations } from "../db/initiations";
import type { HostedPayment } from "../deposits/find-hosted-payment";
import { isAppError } from "../errors/app-error";
import { startBankInitiation } from "../initiations/start-bank-initiation";
import { type LatestAttempt, type StepAddress, isBankRefusal } from "./payment-flow";
import { isBankMethod } from "../banks/bank-directory";

/** The deposit's newest attempt at a bank, or null before the first. */
export async function findLatestAttempt(depositId: string): Promise<InitiationRecord | null> {
  const [latest] = await listDepositInitiations(getDb(), depositId);
  return latest ?? null;
}

/** The newest attempt as lib/hosted/payment-flow decides on it. */
export function toLatestAttempt(attempt: InitiationRecord | null): LatestAttempt {
  return attempt && { status: attempt.status, hasBankAddress: attempt.redirectUrl !== null };
}

/**
 * Starts the payment at a bank: the one picked on the choice (`participante`, unverified, from the
 * customer's form) for a Payment Initiation, the shop's for a Gateway In link.
 */
export async function submitBankChoice(
  { token, payment }: { token: string; payment: HostedPayment },
  form: Record<string, string | undefined>,
): Promise<StepAddress> {
  const { deposit } = payment;
  const shopBank = deposit.operation === "gateway_in" ? deposit.paymentMethod : null;
  if (deposit.operation === "gateway_in" && !isBankMethod(shopBank)) return { step: "details" };
  try {
    await (isBankMethod(shopBank)
      ? startBankInitiation({ token, method: shopBank })
      : startBankInitiation({ token, participantId: form.participante ?? "" }));
    return { step: "abrir" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const isRefused = error.code === "provider_error";
    const isUnknownBank = error.code === "validation_failed" && error.fields?.some((field) => field.path === "bank");
    const isUnanswered = error.code === "provider_unavailable";
    if (isBankMethod(shopBank)) {
      // The initiator ended the attempt with its reason: the failure page says it and offers the rest.
      if (isRefused) return { step: "aguardando" };
      if (isUnanswered) return { step: "autorizar", bank: shopBank, refusal: "indisponivel" };
      return { step: "details" };
    }
    const refusal = isRefused ? "recusado" : isUnknownBank ? "lista" : isUnanswered ? "indisponivel" : null;
    // Ended, paid, a Pix charge issued, details missing: step 1 says where the payment stands.
    return isBankRefusal(refusal) ? { step: "banco", refusal } : { step: "details" };
  }
}
