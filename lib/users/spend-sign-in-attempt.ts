// The console sign-in's budgets (issues 25 and 37). Each attempt spends a point of its client
// address's budget and of its account's before the password or code is looked at, so concurrent
// guesses cannot all be checked before the first is counted; a success gives the points back, so
// the budgets count failures. The account is the e-mail as typed and normalised, whether or not a
// user has it: an unknown e-mail is throttled the same way, and the answer tells nothing.
//
// The account's budget is not one pool every address spends: failures from an attacker's networks
// must not lock the user out of their own (docs/decisions.md, "The console's sign-in throttle").
// A known device spends its own; any other client its network's, and the account's total over
// every network. Past any of them an attempt with a recovery code is still checked, within its
// address's budget alone.
import { hashToken } from "../crypto/hash-token";
import { addressKeyOf, networkKeyOf } from "../rate-limits/address-key";
import { type RateLimitKind, consumeRateLimit, giveBackRateLimit } from "../rate-limits/consume-rate-limit";

/** Which budget a throttled attempt met, or which one a failure spent the last point of. */
export type SignInBudget = "address" | "network" | "device" | "account";

type Spent = { kind: RateLimitKind; key: string; budget: SignInBudget };

export type SignInAttempt = {
  status: "spent";
  addressKey: string;
  networkKey: string;
  spent: Spent[];
  /** The budgets this attempt spent the last point of: if it fails, their throttles start with it. */
  lastOf: SignInBudget[];
  /** One of the account's budgets is spent: only a recovery code may sign this attempt in. */
  recoveryCodeOnly: boolean;
};

export type SpentAttempt = SignInAttempt | { status: "throttled"; budget: SignInBudget; retryAfterSeconds: number };

/** The e-mail typed as the budgets and the device cookie name it: Redis holds its hash, not it. */
export const accountKeyOf = (email: string): string => hashToken(email);

/**
 * Spends one point of the address's budget, then of the account's for this client: the known
 * device's, or the network's and the account's total. Throttled when one is spent, except that an
 * attempt with a recovery code goes past the account's (recoveryCodeOnly): an 80-bit code cannot
 * be guessed, and its refusal says nothing of the password, so they would only lock the user out.
 */
export async function spendSignInAttempt(
  ip: string | null,
  email: string,
  client: { deviceId: string | null; hasRecoveryCode: boolean },
): Promise<SpentAttempt> {
  const addressKey = addressKeyOf(ip);
  const networkKey = networkKeyOf(ip);
  const accountKey = accountKeyOf(email);
  const budgets: Spent[] = [{ kind: "consoleLoginFailureIp", key: addressKey, budget: "address" }];
  if (client.deviceId)
    budgets.push({ kind: "consoleLoginFailureDevice", key: `${accountKey}:${client.deviceId}`, budget: "device" });
  else
    budgets.push(
      { kind: "consoleLoginFailureAccount", key: `${accountKey}:${networkKey}`, budget: "network" },
      { kind: "consoleLoginFailureAccountTotal", key: accountKey, budget: "account" },
    );
  const spent: Spent[] = [];
  const lastOf: SignInBudget[] = [];
  let recoveryCodeOnly = false;
  // One after the other: a budget already spent spends nothing of the next, so one address past
  // its budget cannot use up the account's, nor one network the account's total.
  for (const budget of budgets) {
    const outcome = await consumeRateLimit(budget.kind, budget.key);
    if (outcome.isLimited) {
      if (budget.budget !== "address" && client.hasRecoveryCode) {
        recoveryCodeOnly = true;
        continue;
      }
      return { status: "throttled", budget: budget.budget, retryAfterSeconds: outcome.retryAfterSeconds };
    }
    spent.push(budget);
    if (outcome.remainingPoints === 0) lastOf.push(budget.budget);
  }
  return { status: "spent", addressKey, networkKey, spent, lastOf, recoveryCodeOnly };
}

/** A successful sign-in was no failure: every point it spent back. */
export async function giveBackSignInAttempt(attempt: SignInAttempt): Promise<void> {
  await Promise.all(attempt.spent.map((budget) => giveBackRateLimit(budget.kind, budget.key)));
}
