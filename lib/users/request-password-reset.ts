// "Esqueci minha senha" (issue 42). The answer is the same whether the e-mail typed belongs to a
// user or not, and it is given before anything about the e-mail is looked up: the lookup, the link
// and the e-mail happen after it (delivered), so neither the words nor the time of the answer say
// whether an account exists. Only the throttles, which count every e-mail typed alike, come first.
// A link goes only to a user who can sign in now (not disabled, setup finished); it sets a new
// password and nothing else (lib/users/reset-console-password), so a mailbox alone never gets
// past an enrolled authenticator.
import { recordAuditEvent } from "../audit/record-audit-event";
import { getConfig } from "../config/config";
import { hashToken, newBearerToken } from "../crypto/hash-token";
import { getDb } from "../db/client";
import { findConsoleUserByEmail, insertPasswordResetToken, retirePasswordResetTokens } from "../db/console-users";
import { AppError } from "../errors/app-error";
import { passwordResetEmail } from "../i18n/console-emails";
import { log } from "../log/logger";
import { addressKeyOf } from "../rate-limits/address-key";
import { consumeRateLimit } from "../rate-limits/consume-rate-limit";
import { forgotPasswordSchema } from "./schemas";
import { sendConsoleEmail } from "./send-console-email";
import { accountKeyOf } from "./spend-sign-in-attempt";
import { hasFinishedSetup } from "./user-access";

/** How long a reset link works: long enough to reach an inbox, short enough that an old e-mail opens nothing. */
export const PASSWORD_RESET_LINK_SECONDS = 3600;

export type PasswordResetAnswer = { status: "sent" } | { status: "throttled"; retryAfterSeconds: number };

/** Whether the console offers "Esqueci minha senha": only a gateway that sends e-mail can. */
export const isPasswordResetOffered = (): boolean => getConfig().email !== null;

/**
 * The link for a user who may have one, in one transaction: earlier links retired, the new one's
 * hash stored, the request audited. Then the e-mail, outside it. A known user who may not have one
 * (disabled, setup unfinished) is audited too, so operators see the request; nothing is sent.
 */
async function issueAndSendResetLink(email: string, ip: string | null, now: Date): Promise<void> {
  const config = getConfig();
  const issued = await getDb().$transaction(async (tx) => {
    const user = await findConsoleUserByEmail(tx, email);
    if (!user) return null;
    const refusal = user.disabledAt ? "disabled" : hasFinishedSetup(user) ? null : "setup_unfinished";
    const token = refusal ? null : newBearerToken();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LINK_SECONDS * 1000);
    if (token) {
      await retirePasswordResetTokens(tx, user.id, now);
      await insertPasswordResetToken(tx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    }
    await recordAuditEvent(tx, {
      // Whoever asked is not known: the e-mail typed is kept, but the account is not the actor.
      actor: { userId: null, email, role: "unknown", sessionId: null },
      action: "user.password_reset_requested",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip,
      detail: token ? { linkIssued: true, expiresAt: expiresAt.toISOString() } : { linkIssued: false, refusal },
    });
    return token ? { user, url: `${config.publicBaseUrl}/console/password-reset/${token}`, expiresAt } : null;
  });
  if (!issued) return;
  await sendConsoleEmail(
    issued.user,
    passwordResetEmail({ email: issued.user.email, url: issued.url, expiresAt: issued.expiresAt }),
    "password-reset",
  );
}

/**
 * Answers a "forgot password" request at once; `delivered` settles when the lookup and any e-mail
 * are done (never rejects: a failure is logged), for a caller that wants to wait, as tests do.
 * Throttled per client address and per e-mail typed, known or not.
 */
export async function requestPasswordReset(
  input: { email: string },
  ip: string | null,
  now: Date = new Date(),
): Promise<{ answer: PasswordResetAnswer; delivered: Promise<void> }> {
  if (!isPasswordResetOffered())
    throw new AppError("state_conflict", "this gateway sends no e-mail: ask an administrator to reset your access");
  const { email } = forgotPasswordSchema.parse(input);
  // One after the other, as sign-in's: an address past its budget spends nothing of the account's.
  for (const [kind, key] of [
    ["passwordResetIp", addressKeyOf(ip)],
    ["passwordResetAccount", accountKeyOf(email)],
  ] as const) {
    const outcome = await consumeRateLimit(kind, key);
    if (outcome.isLimited) {
      log.warn("password reset request throttled", { budget: kind, address: addressKeyOf(ip) });
      return {
        answer: { status: "throttled", retryAfterSeconds: outcome.retryAfterSeconds },
        delivered: Promise.resolve(),
      };
    }
  }
  // From the next turn of the event loop: nothing about the e-mail is read before this has answered.
  const delivered = new Promise((resolve) => setImmediate(resolve))
    .then(() => issueAndSendResetLink(email, ip, now))
    .catch((error: unknown) =>
      log.error("password reset request failed", { error: error instanceof Error ? error.message : String(error) }),
    );
  return { answer: { status: "sent" }, delivered };
}
