// Deletes what the retention periods let go (lib/jobs/sweep-retention), a batch at a time: each
// call removes at most `limit` rows, oldest first, through the index kept for it, so a sweep never
// holds a long lock or a long transaction however much has piled up.
import type { DbOrTx } from "./client";

/** Callback attempts (each the record of one POST) started before `before`. */
export async function deleteCallbackAttemptsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const rows = await db.callbackAttempt.findMany({
    where: { startedAt: { lt: before } },
    orderBy: { startedAt: "asc" },
    take: limit,
    select: { id: true },
  });
  if (rows.length === 0) return 0;
  const { count } = await db.callbackAttempt.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
  return count;
}

/**
 * Callback events in a settled status (delivered, or failed: given up on) written before
 * `before`, with their attempts; an event still waiting is never deleted, however old. One status
 * at a time, so the (status, createdAt) index gives the oldest first. Run it in a transaction: the
 * attempts go only with their event.
 */
export async function deleteSettledCallbackEventsBefore(
  db: DbOrTx,
  status: "delivered" | "failed",
  before: Date,
  limit: number,
): Promise<number> {
  const rows = await db.callbackEvent.findMany({
    where: { status, createdAt: { lt: before } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  // Still settled as they go: one a merchant resent meanwhile is waiting again, and stays.
  await db.callbackAttempt.deleteMany({ where: { eventId: { in: ids }, event: { status } } });
  const { count } = await db.callbackEvent.deleteMany({ where: { id: { in: ids }, status } });
  return count;
}

/**
 * Operator alerts resolved before `before`, with their deliveries; an open alert is never deleted.
 * Run it in a transaction: the deliveries go only with their alert.
 */
export async function deleteResolvedAlertsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const rows = await db.operatorAlert.findMany({
    where: { resolvedAt: { lt: before } },
    orderBy: { resolvedAt: "asc" },
    take: limit,
    select: { id: true },
  });
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await db.alertDelivery.deleteMany({ where: { alertId: { in: ids } } });
  const { count } = await db.operatorAlert.deleteMany({ where: { id: { in: ids } } });
  return count;
}

/**
 * Console setup links, password reset links and sandbox sign-ups that expired before `before`:
 * used, retired or never opened, they open nothing any more, and a sign-up's row is counted by the
 * daily limits only for its first day. What they keep is an e-mail address and a hash.
 */
export async function deleteExpiredLinksBefore(
  db: DbOrTx,
  kind: "setupLinks" | "passwordResetLinks" | "sandboxSignups",
  before: Date,
  limit: number,
): Promise<number> {
  const query = { where: { expiresAt: { lt: before } }, orderBy: { expiresAt: "asc" as const }, take: limit };
  if (kind === "sandboxSignups") {
    const rows = await db.sandboxSignup.findMany({ ...query, select: { id: true } });
    if (rows.length === 0) return 0;
    return (await db.sandboxSignup.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } })).count;
  }
  // The two link tables have one shape; TypeScript cannot call a method on a union of delegates.
  const table = (
    kind === "setupLinks" ? db.consoleSetupToken : db.consolePasswordResetToken
  ) as DbOrTx["consoleSetupToken"];
  const rows = await table.findMany({ ...query, select: { tokenHash: true } });
  if (rows.length === 0) return 0;
  return (await table.deleteMany({ where: { tokenHash: { in: rows.map((row) => row.tokenHash) } } })).count;
}
