import { hashToken } from "../crypto/hash-token";
import { getDb } from "../db/client";
import { findSandboxSignupByTokenHash } from "../db/sandbox-signups";
import { requireSandboxSignup } from "./sandbox-signup-access";

/**
 * What a confirmation link's page offers: the confirm button while the link is open (a GET never
 * confirms: mail scanners open links by themselves), that it was used, or nothing it can do.
 */
export type SignupLinkState = { status: "open"; email: string; merchantName: string } | { status: "used" | "invalid" };

export async function findSandboxSignup(token: string, now: Date = new Date()): Promise<SignupLinkState> {
  requireSandboxSignup();
  const signup = await findSandboxSignupByTokenHash(getDb(), hashToken(token));
  if (!signup) return { status: "invalid" };
  if (signup.confirmedAt) return { status: "used" };
  if (signup.expiresAt <= now) return { status: "invalid" };
  return { status: "open", email: signup.email, merchantName: signup.merchantName };
}
