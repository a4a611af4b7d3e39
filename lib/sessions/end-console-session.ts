import type { Actor } from "../access/actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { revokeConsoleSession, revokeUserConsoleSessions } from "../db/console-sessions";

/** Signs this browser out. */
export async function endConsoleSession(actor: Actor, now: Date = new Date()): Promise<void> {
  await getDb().$transaction(async (tx) => {
    if (!(await revokeConsoleSession(tx, actor.sessionId, now))) return;
    await recordAuditEvent(tx, {
      actor,
      action: "session.logged_out",
      targetType: "console_session",
      targetId: actor.sessionId,
      merchantId: actor.merchantId,
      ip: actor.ip,
    });
  });
}

/** "Sair de todos os dispositivos": every session of the actor's user ends, this one included. */
export async function endEveryConsoleSession(actor: Actor, now: Date = new Date()): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const ended = await revokeUserConsoleSessions(tx, actor.userId, now);
    await recordAuditEvent(tx, {
      actor,
      action: "session.logged_out_everywhere",
      targetType: "console_user",
      targetId: actor.userId,
      merchantId: actor.merchantId,
      ip: actor.ip,
      detail: { sessionsEnded: ended },
    });
    return ended;
  });
}
