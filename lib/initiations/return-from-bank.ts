// The customer comes back from their bank to the account's return address
// (/pay/retorno/{accountId}, registered at the initiator by `psp configure`). Which payment it is
// comes first from the cookie the gateway set as it sent the customer to the bank
// (lib/http/bank-return-cookie: their own payment, whatever the address says), then from the
// initiator's payment id in the address (Efí does not document it: a hint, for a browser that lost
// the cookie, such as a bank app opening the way back in another one). The attempt is the one this
// account stored, it is asked about at the initiator before anything changes, and the customer
// goes to their payment's page, which tells how it stands.
import { getDb } from "../db/client";
import { type InitiationRecord, findInitiation, findInitiationByProviderPayment } from "../db/initiations";
import { findTransaction } from "../db/transactions";
import { findDepositByPayToken, payTokenOf } from "../deposits/pay-tokens";
import { isAppError } from "../errors/app-error";
import type { BankReturn } from "../http/bank-return-cookie";
import { log } from "../log/logger";
import type { PaymentProvider } from "../providers/contract/payment-provider";
import { findProvider } from "../providers/registry";
import { confirmInitiation } from "./confirm-initiation";

const ACCOUNT_ID = /^pa_[a-z0-9]{1,64}$/;

/** The attempt the cookie names, when it is this account's and the token's payment's. */
async function findCarriedAttempt(
  accountId: string,
  carried: BankReturn,
): Promise<{ attempt: InitiationRecord; token: string } | null> {
  const [deposit, attempt] = await Promise.all([
    findDepositByPayToken(carried.token),
    findInitiation(getDb(), carried.initiationId),
  ]);
  if (!deposit || attempt?.depositId !== deposit.id || attempt.provider !== accountId) return null;
  return { attempt, token: carried.token };
}

/** The attempt the address names, and its payment's token. */
async function findNamedAttempt(
  provider: PaymentProvider,
  query: URLSearchParams,
): Promise<{ attempt: InitiationRecord; token: string } | null> {
  const providerPaymentId = provider.initiations?.readReturn(query) ?? null;
  if (!providerPaymentId) return null;
  const attempt = await findInitiationByProviderPayment(getDb(), provider.accountId, providerPaymentId);
  const deposit = attempt && (await findTransaction(getDb(), attempt.depositId));
  return attempt && deposit?.payTokenSealed ? { attempt, token: payTokenOf(deposit) } : null;
}

/**
 * The payment page to send the customer to, or null when neither the cookie nor the address names
 * a payment of this account (the route then says the payment is being confirmed).
 */
export async function returnFromBank(
  accountId: string,
  query: URLSearchParams,
  carried: BankReturn | null,
): Promise<{ token: string } | null> {
  if (!ACCOUNT_ID.test(accountId)) return null;
  const provider = await findProvider(accountId).catch(() => null);
  if (!provider) return null;
  const found =
    (carried && (await findCarriedAttempt(accountId, carried))) ?? (await findNamedAttempt(provider, query));
  if (!found) {
    log.info("a customer came back from the bank naming no payment of the account", {
      account: accountId,
      hasCookie: carried !== null,
    });
    return null;
  }
  // The initiator may not know the outcome yet, or not answer now: the waiting page asks again.
  await confirmInitiation(found.attempt, provider).catch((error: unknown) => {
    if (!isAppError(error)) throw error;
    log.warn("confirming an initiation at the customer's return failed; the page asks again", {
      initiationId: found.attempt.id,
      error: error.detail,
    });
  });
  return { token: found.token };
}
