import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { revokeUserConsoleSessions } from "../db/console-sessions";
import { findConsoleUserByEmail, updateConsoleUser } from "../db/console-users";
import { AppError } from "../errors/app-error";
import { consoleEmailSchema } from "./schemas";

/** Disables a user by e-mail: every session of theirs ends now, and they cannot sign in again. */
export async function disableConsoleUser(
  email: string,
  by: AuditActor,
  now: Date = new Date(),
): Promise<{ id: string; email: string; disabledAt: string; sessionsEnded: number }> {
  const address = consoleEmailSchema.parse(email);
  return getDb().$transaction(async (tx) => {
    const user = await findConsoleUserByEmail(tx, address);
    if (!user) throw new AppError("not_found", `no console user ${address}`);
    if (user.disabledAt)
      throw new AppError("state_conflict", `${address} was disabled at ${user.disabledAt.toISOString()}`);
    await updateConsoleUser(tx, user.id, { disabledAt: now });
    const sessionsEnded = await revokeUserConsoleSessions(tx, user.id, now);
    await recordAuditEvent(tx, {
      actor: by,
      action: "user.disabled",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip: null,
      detail: { sessionsEnded },
    });
    return { id: user.id, email: user.email, disabledAt: now.toISOString(), sessionsEnded };
  });
}
