// The console sign-in's budgets (issue 25). Each attempt spends a point of its client address's
// budget and of its account's before the password or code is looked at, so concurrent guesses
// cannot all be checked before the first is counted; a success gives the points back, so the
// budgets count failures. The account is the e-mail as typed and normalised, whether or not a user
// has it: an unknown e-mail is throttled the same way, and the answer tells nothing.
import { hashToken } from "../crypto/hash-token";
import { addressKeyOf } from "../rate-limits/address-key";
import { consumeRateLimit, giveBackRateLimit } from "../rate-limits/consume-rate-limit";

export type SignInAttempt = {
  status: "spent";
  addressKey: string;
  accountKey: string;
  /** This attempt spent the last point of the budget: if it fails, the throttle starts with it. */
  lastOfAddress: boolean;
  lastOfAccount: boolean;
};

export type SpentAttempt =
  SignInAttempt | { status: "throttled"; budget: "address" | "account"; retryAfterSeconds: number };

/** Spends one point of the address's budget, then of the account's; throttled when either is spent. */
export async function spendSignInAttempt(ip: string | null, email: string): Promise<SpentAttempt> {
  const addressKey = addressKeyOf(ip);
  // Redis holds the e-mail's hash, not the e-mail.
  const accountKey = hashToken(email);
  // An address past its budget spends nothing of the account's: with the account's budget above the
  // address's, no one address can lock the account's user out of every other address.
  const byAddress = await consumeRateLimit("consoleLoginFailureIp", addressKey);
  if (byAddress.isLimited)
    return { status: "throttled", budget: "address", retryAfterSeconds: byAddress.retryAfterSeconds };
  const byAccount = await consumeRateLimit("consoleLoginFailureAccount", accountKey);
  if (byAccount.isLimited)
    return { status: "throttled", budget: "account", retryAfterSeconds: byAccount.retryAfterSeconds };
  return {
    status: "spent",
    addressKey,
    accountKey,
    lastOfAddress: byAddress.remainingPoints === 0,
    lastOfAccount: byAccount.remainingPoints === 0,
  };
}

/** A successful sign-in was no failure: both points back. */
export async function giveBackSignInAttempt(attempt: SignInAttempt): Promise<void> {
  await Promise.all([
    giveBackRateLimit("consoleLoginFailureIp", attempt.addressKey),
    giveBackRateLimit("consoleLoginFailureAccount", attempt.accountKey),
  ]);
}
