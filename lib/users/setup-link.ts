import { getConfig } from "../config/config";
import { hashToken, newBearerToken } from "../crypto/hash-token";
import type { DbOrTx } from "../db/client";
import { insertSetupToken, retirePasswordResetTokens, retireSetupTokens } from "../db/console-users";

export type SetupLink = {
  /** The one-time link to set the password and the authenticator; shown once, only its hash is kept. */
  setupUrl: string;
  setupExpiresAt: string;
};

/**
 * A new setup link for the user, inside the caller's transaction: any earlier link stops working,
 * and so does any password reset link, which the account being set up again must not outlive (a
 * reset link kept across an authenticator reset would set the password of whoever holds it).
 */
export async function issueSetupLink(tx: DbOrTx, userId: string, now: Date = new Date()): Promise<SetupLink> {
  const config = getConfig();
  const token = newBearerToken();
  const expiresAt = new Date(now.getTime() + config.console.setupLinkSeconds * 1000);
  await retireSetupTokens(tx, userId, now);
  await retirePasswordResetTokens(tx, userId, now);
  await insertSetupToken(tx, { tokenHash: hashToken(token), userId, expiresAt });
  return { setupUrl: `${config.publicBaseUrl}/console/setup/${token}`, setupExpiresAt: expiresAt.toISOString() };
}
