import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { revokeUserConsoleSessions } from "../db/console-sessions";
import { countSignInOperators, retirePasswordResetTokens, updateConsoleUser } from "../db/console-users";
import { AppError } from "../errors/app-error";
import { type ConsoleUserRef, findManagedUser } from "./find-managed-user";
import { type UserManager, hasFinishedSetup, ipOf } from "./user-access";

/**
 * Disables a user (`user disable` and the console's "Desativar"): every session of theirs ends
 * now, and they cannot sign in or use a setup or password reset link again. The last operator who can sign in is
 * never disabled, so the console always has someone to run it.
 */
export async function disableConsoleUser(
  ref: ConsoleUserRef,
  by: UserManager,
  now: Date = new Date(),
): Promise<{ id: string; email: string; disabledAt: string; sessionsEnded: number }> {
  return getDb().$transaction(async (tx) => {
    const user = await findManagedUser(tx, by, ref);
    if (user.disabledAt)
      throw new AppError("state_conflict", `${user.email} was disabled at ${user.disabledAt.toISOString()}`);
    if (user.role === "operator" && hasFinishedSetup(user) && (await countSignInOperators(tx, user.id)) === 0)
      throw new AppError(
        "state_conflict",
        `${user.email} is the last operator who can sign in: set up another operator first`,
      );
    await updateConsoleUser(tx, user.id, { disabledAt: now });
    await retirePasswordResetTokens(tx, user.id, now);
    const sessionsEnded = await revokeUserConsoleSessions(tx, user.id, now);
    await recordAuditEvent(tx, {
      actor: by,
      action: "user.disabled",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip: ipOf(by),
      detail: { email: user.email, sessionsEnded },
    });
    return { id: user.id, email: user.email, disabledAt: now.toISOString(), sessionsEnded };
  });
}
