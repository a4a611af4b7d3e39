// A "forgot password" link used (issue 42): a new password and nothing else. The authenticator, its
// recovery codes and the throttles stay, so whoever reads the user's mailbox still needs the second
// factor to sign in; every session of the user ends, so one opened with the old password does not
// outlive it. The link works once, until it expires or a newer one retires it.
import { recordAuditEvent } from "../audit/record-audit-event";
import { hashToken } from "../crypto/hash-token";
import { type DbOrTx, getDb } from "../db/client";
import { revokeUserConsoleSessions } from "../db/console-sessions";
import {
  type ConsoleUserRecord,
  findConsoleUserById,
  findPasswordResetToken,
  markPasswordResetTokenUsed,
  updateConsoleUser,
} from "../db/console-users";
import { AppError } from "../errors/app-error";
import { hashNewPassword } from "./hash-new-password";
import { setupActor } from "./setup-console-user";
import { hasFinishedSetup } from "./user-access";

const invalidLink = () =>
  new AppError("not_found", "this reset link is not valid: ask for another under “Esqueci minha senha”");

async function openReset(db: DbOrTx, token: string, now: Date): Promise<ConsoleUserRecord> {
  const row = await findPasswordResetToken(db, hashToken(token));
  const user = row && !row.usedAt && row.expiresAt > now ? await findConsoleUserById(db, row.userId) : null;
  // One answer for unknown, used, expired, disabled and set up again since (an authenticator reset).
  if (!user || user.disabledAt || !hasFinishedSetup(user)) throw invalidLink();
  return user;
}

/** The reset page's one fact: whose password the link sets (for password managers and the person). */
export async function findPasswordResetEmail(token: string, now: Date = new Date()): Promise<string> {
  return (await openReset(getDb(), token, now)).email;
}

export async function resetConsolePassword(
  token: string,
  input: { password: string; confirmation: string },
  ip: string | null,
  now: Date = new Date(),
): Promise<{ sessionsEnded: number }> {
  const passwordHash = await hashNewPassword(input);
  return getDb().$transaction(async (tx) => {
    const user = await openReset(tx, token, now);
    if (!(await markPasswordResetTokenUsed(tx, hashToken(token), now))) throw invalidLink();
    await updateConsoleUser(tx, user.id, { passwordHash });
    const sessionsEnded = await revokeUserConsoleSessions(tx, user.id, now);
    await recordAuditEvent(tx, {
      actor: setupActor(user),
      action: "user.password_reset",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip,
      detail: { sessionsEnded },
    });
    return { sessionsEnded };
  });
}
