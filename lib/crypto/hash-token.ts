import { createHash, randomBytes } from "node:crypto";

/** A random bearer token (setup link, session cookie): 32 bytes, base64url. */
export function newBearerToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What is stored of a bearer token (setup link, session cookie, hosted payment). The token carries
 * at least 192 random bits, so a plain SHA-256 (no salt, no stretching) is enough to make a
 * database read useless for signing in. Recovery codes, far shorter, are keyed as well
 * (lib/users/recovery-codes).
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
