import type { DbOrTx } from "./client";

export type ConsoleSessionRecord = {
  id: string;
  tokenHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
};

export async function insertConsoleSession(
  db: DbOrTx,
  session: Omit<ConsoleSessionRecord, "createdAt" | "lastSeenAt" | "revokedAt"> & { createdAt: Date },
): Promise<void> {
  await db.consoleSession.create({ data: { ...session, lastSeenAt: session.createdAt } });
}

export async function findConsoleSessionWithUser(db: DbOrTx, tokenHash: string) {
  return db.consoleSession.findUnique({ where: { tokenHash }, include: { user: true } });
}

/** When the user's latest session began (their previous sign-in, before a new one is written), or null. */
export async function findLatestConsoleSessionStart(db: DbOrTx, userId: string): Promise<Date | null> {
  const latest = await db.consoleSession.findFirst({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return latest?.createdAt ?? null;
}

/** Moves the idle expiry forward; conditional, so a session revoked meanwhile stays revoked. */
export async function touchConsoleSession(db: DbOrTx, id: string, at: Date, idleExpiresAt: Date): Promise<void> {
  await db.consoleSession.updateMany({ where: { id, revokedAt: null }, data: { lastSeenAt: at, idleExpiresAt } });
}

export async function revokeConsoleSession(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const { count } = await db.consoleSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at } });
  return count === 1;
}

export async function revokeUserConsoleSessions(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const { count } = await db.consoleSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
  return count;
}
