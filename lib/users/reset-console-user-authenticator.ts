import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { revokeUserConsoleSessions } from "../db/console-sessions";
import { replaceRecoveryCodes, updateConsoleUser } from "../db/console-users";
import { AppError } from "../errors/app-error";
import { type ConsoleUserRef, findManagedUser } from "./find-managed-user";
import { type IssuedSetupLink, emailSetupLink } from "./email-setup-link";
import { issueSetupLink } from "./setup-link";
import { newTotpSecret, sealTotpSecret } from "./totp";
import { type UserManager, ipOf } from "./user-access";

/**
 * A lost or replaced phone (`user reset-authenticator` and the console's "Redefinir
 * autenticador"): the authenticator, its recovery codes and the password are cleared, every
 * session ends, and a new setup link sets both again. The password goes too: a merchant user
 * without an authenticator signs in with the password alone, so keeping it would leave the
 * account open to it until the link is used (docs/decisions.md). The link is e-mailed too when
 * SMTP_URL is set (emailSetupLink).
 */
export async function resetConsoleUserAuthenticator(
  ref: ConsoleUserRef,
  by: UserManager,
  now: Date = new Date(),
): Promise<IssuedSetupLink & { id: string; email: string; sessionsEnded: number }> {
  const { user, link, sessionsEnded } = await getDb().$transaction(async (tx) => {
    const user = await findManagedUser(tx, by, ref);
    if (user.disabledAt) throw new AppError("state_conflict", `${user.email} is disabled`);
    await updateConsoleUser(tx, user.id, {
      passwordHash: null,
      totpSecretCiphertext: sealTotpSecret(user.id, newTotpSecret()),
      totpEnabledAt: null,
      totpLastStep: null,
    });
    await replaceRecoveryCodes(tx, user.id, []);
    const sessionsEnded = await revokeUserConsoleSessions(tx, user.id, now);
    const link = await issueSetupLink(tx, user.id, now);
    await recordAuditEvent(tx, {
      actor: by,
      action: "user.authenticator_reset",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip: ipOf(by),
      detail: { email: user.email, sessionsEnded, expiresAt: link.setupExpiresAt },
    });
    return { user, link, sessionsEnded };
  });
  const issued = await emailSetupLink(user, link, "authenticator_reset", by);
  return { id: user.id, email: user.email, sessionsEnded, ...issued };
}
