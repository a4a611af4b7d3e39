import type { AuditActor } from "../audit/record-audit-event";
import { type Config, getConfig } from "../config/config";
import { AppError } from "../errors/app-error";

/** Whether CASHIER_SANDBOX_SIGNUP is on: off, its pages are 404s. */
export function isSandboxSignupOn(): boolean {
  return getConfig().sandboxSignup !== null;
}

/** The setting's limits, or the 404 every sign-up step answers while it is off. */
export function requireSandboxSignup(): NonNullable<Config["sandboxSignup"]> {
  const settings = getConfig().sandboxSignup;
  if (!settings) throw new AppError("not_found", "sandbox sign-up is off on this gateway");
  return settings;
}

/** Who the audit log names for a sign-up: the address that asked, unverified until it confirms. */
export function signupAuditActor(email: string): AuditActor {
  return { userId: null, email, role: "sandbox-signup", sessionId: null };
}
