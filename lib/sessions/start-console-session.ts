import { getConfig } from "../config/config";
import type { DbOrTx } from "../db/client";
import { insertConsoleSession } from "../db/console-sessions";
import { hashToken, newBearerToken } from "../crypto/hash-token";
import { newId } from "../ids/new-id";

export type StartedSession = { sessionId: string; token: string; absoluteExpiresAt: Date };

/** A new signed-in browser: the token goes in its cookie, only the token's hash in the database. */
export async function startConsoleSession(
  db: DbOrTx,
  userId: string,
  client: { ip: string | null; userAgent: string | null },
  now: Date = new Date(),
): Promise<StartedSession> {
  const { sessionIdleSeconds, sessionAbsoluteSeconds } = getConfig().console;
  const token = newBearerToken();
  const sessionId = newId("ses");
  const absoluteExpiresAt = new Date(now.getTime() + sessionAbsoluteSeconds * 1000);
  await insertConsoleSession(db, {
    id: sessionId,
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    idleExpiresAt: new Date(now.getTime() + sessionIdleSeconds * 1000),
    absoluteExpiresAt,
    ip: client.ip,
    // Kept to tell a user's sessions apart, not to trust: the header is the client's own text.
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { sessionId, token, absoluteExpiresAt };
}
