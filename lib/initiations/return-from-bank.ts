// The customer comes back from their bank to the account's return address
// (/pay/retorno/{accountId}, registered at the initiator by `psp configure`). The address says
// which payment only as a hint: the attempt is the one this account stored under that id, it is
// asked about at the initiator before anything changes, and the customer goes to their payment's
// page, which tells how it stands.
import { getDb } from "../db/client";
import { findInitiationByProviderPayment } from "../db/initiations";
import { findTransaction } from "../db/transactions";
import { payTokenOf } from "../deposits/pay-tokens";
import { isAppError } from "../errors/app-error";
import { log } from "../log/logger";
import { findProvider } from "../providers/registry";
import { confirmInitiation } from "./confirm-initiation";

const ACCOUNT_ID = /^pa_[a-z0-9]{1,64}$/;

/** The payment page to send the customer to, or null when the return names no payment of this account. */
export async function returnFromBank(accountId: string, query: URLSearchParams): Promise<{ token: string } | null> {
  if (!ACCOUNT_ID.test(accountId)) return null;
  const provider = await findProvider(accountId).catch(() => null);
  const providerPaymentId = provider?.initiations?.readReturn(query) ?? null;
  if (!provider || !providerPaymentId) return null;
  const attempt = await findInitiationByProviderPayment(getDb(), accountId, providerPaymentId);
  if (!attempt) return null;
  // The initiator may not know the outcome yet; the waiting page asks again.
  await confirmInitiation(attempt, provider).catch((error: unknown) => {
    if (!isAppError(error)) throw error;
    log.warn("confirming an initiation at the customer's return failed; the page asks again", {
      initiationId: attempt.id,
      error: error.detail,
    });
  });
  const deposit = await findTransaction(getDb(), attempt.depositId);
  return deposit?.payTokenSealed ? { token: payTokenOf(deposit) } : null;
}
