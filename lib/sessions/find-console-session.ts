import type { Actor, ConsoleRole } from "../access/actor";
import { getConfig } from "../config/config";
import { getDb } from "../db/client";
import { findConsoleSessionWithUser, touchConsoleSession } from "../db/console-sessions";
import { hashToken } from "../crypto/hash-token";

// Writing lastSeenAt on every request of a page full of links would be a write per click; a
// minute's lag on an idle timeout of many minutes changes nothing.
const TOUCH_EVERY_MS = 60_000;

/**
 * The Actor behind a session cookie, or null when the session is unknown, revoked, idle past its
 * expiry, past its absolute expiry, or its user is disabled. A live session's idle expiry moves
 * forward (never past the absolute one).
 */
export async function findConsoleSession(
  token: string | undefined,
  ip: string | null,
  now: Date = new Date(),
): Promise<Actor | null> {
  if (!token) return null;
  const db = getDb();
  const session = await findConsoleSessionWithUser(db, hashToken(token));
  if (!session || session.revokedAt || session.user.disabledAt) return null;
  if (now >= session.idleExpiresAt || now >= session.absoluteExpiresAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const idle = new Date(
      Math.min(now.getTime() + getConfig().console.sessionIdleSeconds * 1000, session.absoluteExpiresAt.getTime()),
    );
    await touchConsoleSession(db, session.id, now, idle);
  }
  const { user } = session;
  return {
    userId: user.id,
    email: user.email,
    role: user.role as ConsoleRole,
    merchantId: user.merchantId,
    sessionId: session.id,
    ip,
  };
}
