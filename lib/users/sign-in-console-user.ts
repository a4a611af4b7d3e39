// Console sign-in. Every failure gives the caller the same answer (no hint whether the e-mail
// exists, the password or the code was wrong, or the user is disabled); the audit log keeps the
// reason for operators. Each attempt spends a point of its address's and its account's budgets
// before anything is checked (spend-sign-in-attempt); past a budget in the window the attempt
// waits, right password or not, and the audit log says so once per budget spent. A browser that
// signed in before (lib/users/known-device) spends a budget of its own.
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getConfig } from "../config/config";
import { type Tx, getDb } from "../db/client";
import {
  type ConsoleUserRecord,
  claimTotpStep,
  findConsoleUserByEmail,
  hasUnusedRecoveryCode,
  markRecoveryCodeUsed,
} from "../db/console-users";
import { summarizeTargetAuditEvents } from "../db/audit-events";
import { findLatestConsoleSessionStart } from "../db/console-sessions";
import { log } from "../log/logger";
import { type StartedSession, startConsoleSession } from "../sessions/start-console-session";
import { verifyDecoyPassword, verifyPassword } from "./password-hash";
import { recoveryCodeHashes } from "./recovery-codes";
import { loginSchema } from "./schemas";
import { type KnownDevice, issueKnownDevice, readKnownDevice } from "./known-device";
import { type SignInAttempt, accountKeyOf, giveBackSignInAttempt, spendSignInAttempt } from "./spend-sign-in-attempt";
import type { ThrottleNotice } from "./find-throttle-notice";
import { matchTotpStep, openTotpSecret } from "./totp";

export type SignInResult =
  | ({ status: "signed_in"; device: KnownDevice } & StartedSession)
  | { status: "refused" }
  | { status: "throttled"; retryAfterSeconds: number };

/** deviceCookie: the known-device cookie the browser sent, unverified. */
type Client = { ip: string | null; userAgent: string | null; deviceCookie?: string };

type FailureReason =
  | "unknown_email"
  | "disabled"
  | "no_password"
  | "wrong_password"
  | "code_missing"
  | "wrong_code"
  | "code_reused"
  | "totp_not_enrolled"
  // One of the account's budgets is spent and the code is no unused recovery code of the user's:
  // the password was not checked (checkPasswordPastAccountBudget).
  | "account_throttled";

/** The authenticator's six digits; any other code typed is taken for a recovery code. */
const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

async function checkPassword(user: ConsoleUserRecord | null, password: string): Promise<FailureReason | null> {
  if (!user) return verifyDecoyPassword(password).then(() => "unknown_email");
  if (!user.passwordHash) return verifyDecoyPassword(password).then(() => "no_password");
  if (!(await verifyPassword(password, user.passwordHash))) return "wrong_password";
  // Checked after the password, so a disabled account costs the same time as any other.
  return user.disabledAt ? "disabled" : null;
}

/**
 * Past one of the account's budgets only a recovery code signs in (spend-sign-in-attempt), so it is
 * looked at first and the password verified only beside an unused code of the user's: those
 * budgets are what limits password guesses, and a made-up code must not buy one more. Otherwise a
 * decoy verification, so the refusal costs the same time whether the password was right or not.
 */
async function checkPasswordPastAccountBudget(
  user: ConsoleUserRecord | null,
  password: string,
  code: string,
): Promise<FailureReason | null> {
  const codeIsUnused = user?.totpEnabledAt && (await hasUnusedRecoveryCode(getDb(), user.id, recoveryCodeHashes(code)));
  if (!codeIsUnused) return verifyDecoyPassword(password).then(() => "account_throttled");
  return checkPassword(user, password);
}

/**
 * A code of the user's authenticator, of a later time step than the last code that signed in
 * (RFC 6238 section 5.2: a code is accepted once); its step is then used up.
 */
async function useTotpCode(tx: Tx, user: ConsoleUserRecord, code: string, now: Date): Promise<FailureReason | null> {
  const step = matchTotpStep(openTotpSecret(user.id, user.totpSecretCiphertext!), code, now);
  if (step === null) return "wrong_code";
  // Conditional on the stored step: of two sign-ins racing with one code, one wins.
  return (await claimTotpStep(tx, user.id, step)) ? null : "code_reused";
}

/**
 * What the user's console tells them after this sign-in: the times their account's budget was
 * spent since their previous sign-in, the latest, and from how many addresses the failures came.
 */
async function summarizeThrottlesSinceLastSignIn(tx: Tx, userId: string): Promise<ThrottleNotice | null> {
  const since = await findLatestConsoleSessionStart(tx, userId);
  const target = { targetType: "console_user", targetId: userId, since };
  const throttles = await summarizeTargetAuditEvents(tx, { ...target, action: "session.account_throttled" });
  if (throttles.count === 0) return null;
  const failures = await summarizeTargetAuditEvents(tx, { ...target, action: "session.login_failed" });
  return { at: throttles.latestAt!.toISOString(), times: throttles.count, addresses: failures.addresses };
}

/** The audit rows of a failure that spent the last point of a budget: the throttle starts with it. */
async function recordThrottleStarts(
  tx: Tx,
  attempt: SignInAttempt,
  failedActor: AuditActor,
  user: ConsoleUserRecord | null,
  ip: string | null,
): Promise<void> {
  const { loginFailures, accountLoginFailures, accountTotalLoginFailures } = getConfig().console;
  // Someone who failed to sign in: the e-mail typed is kept, but the account it names is not the actor.
  const actor = { ...failedActor, userId: null, role: "unknown" };
  if (attempt.lastOf.includes("address")) {
    await recordAuditEvent(tx, {
      actor,
      action: "session.login_throttled",
      targetType: "ip",
      targetId: ip,
      merchantId: null,
      ip,
      // What the budget counted: the address, or for IPv6 its whole /64.
      detail: { failures: loginFailures, addresses: attempt.addressKey },
    });
  }
  // Which of the account's budgets: from this network, from this known device, or from every network.
  const accountBudgets = {
    network: { failures: accountLoginFailures, network: attempt.networkKey },
    device: { failures: accountLoginFailures, device: "known" },
    account: { failures: accountTotalLoginFailures, network: "every" },
  };
  for (const budget of attempt.lastOf) {
    if (budget === "address") continue;
    await recordAuditEvent(tx, {
      actor,
      action: "session.account_throttled",
      targetType: "console_user",
      targetId: user?.id ?? null,
      merchantId: user?.merchantId ?? null,
      ip,
      detail: accountBudgets[budget],
    });
  }
}

export async function signInConsoleUser(
  input: { email: string; password: string; code: string },
  client: Client,
  now: Date = new Date(),
): Promise<SignInResult> {
  const parsed = loginSchema.safeParse(input);
  const { email, password, code } = parsed.success ? parsed.data : { email: "", password: "", code: "" };
  const accountKey = accountKeyOf(email);
  const deviceId = readKnownDevice(client.deviceCookie, accountKey, now);
  const attempt = await spendSignInAttempt(client.ip, email, {
    deviceId,
    hasRecoveryCode: code !== "" && !isAuthenticatorCode(code),
  });
  if (attempt.status === "throttled") {
    log.warn("console sign-in throttled", { ip: client.ip, budget: attempt.budget });
    return { status: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const db = getDb();
  const user = email ? await findConsoleUserByEmail(db, email) : null;
  const passwordFailure = attempt.recoveryCodeOnly
    ? await checkPasswordPastAccountBudget(user, password, code)
    : await checkPassword(user, password);
  const failedActor: AuditActor = {
    userId: user?.id ?? null,
    email: user?.email ?? (email.slice(0, 254) || "(blank)"),
    role: user?.role ?? "unknown",
    sessionId: null,
  };

  const result = await db.$transaction(
    async (tx): Promise<{ failure: FailureReason } | { failure: null; session: StartedSession }> => {
      let failure = passwordFailure;
      let usedRecoveryCode = false;
      if (!failure && user!.totpEnabledAt) {
        if (!code) failure = "code_missing";
        else if (isAuthenticatorCode(code)) failure = await useTotpCode(tx, user!, code, now);
        else {
          usedRecoveryCode = await markRecoveryCodeUsed(tx, user!.id, recoveryCodeHashes(code), now);
          failure = usedRecoveryCode ? null : "wrong_code";
        }
      } else if (!failure && user!.role === "operator") failure = "totp_not_enrolled";

      const merchantId = user?.merchantId ?? null;
      if (failure) {
        await recordAuditEvent(tx, {
          actor: failedActor,
          action: "session.login_failed",
          targetType: "console_user",
          targetId: user?.id ?? null,
          merchantId,
          ip: client.ip,
          detail: { reason: failure },
        });
        await recordThrottleStarts(tx, attempt, failedActor, user, client.ip);
        return { failure };
      }
      const accountThrottled = await summarizeThrottlesSinceLastSignIn(tx, user!.id);
      const session = await startConsoleSession(tx, user!.id, client, now);
      const signedIn = { ...failedActor, sessionId: session.sessionId };
      if (usedRecoveryCode) {
        await recordAuditEvent(tx, {
          actor: signedIn,
          action: "user.recovery_code_used",
          targetType: "console_user",
          targetId: user!.id,
          merchantId,
          ip: client.ip,
        });
      }
      await recordAuditEvent(tx, {
        actor: signedIn,
        action: "session.logged_in",
        targetType: "console_session",
        targetId: session.sessionId,
        merchantId,
        ip: client.ip,
        detail: {
          secondFactor: usedRecoveryCode ? "recovery_code" : user!.totpEnabledAt ? "totp" : "none",
          ...(accountThrottled ? { accountThrottled } : {}),
        },
      });
      return { failure: null, session };
    },
  );

  if (result.failure) return { status: "refused" };
  await giveBackSignInAttempt(attempt);
  return { status: "signed_in", device: issueKnownDevice(deviceId, accountKey, now), ...result.session };
}
