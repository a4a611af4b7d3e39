// Console users and sessions for integration tests, made through the same operations as the CLI,
// the setup link and the login form, so a test's Actor is one a real session would give.
import type { Actor, ConsoleRole } from "@/lib/access/actor";
import { cliAuditActor } from "@/lib/audit/cli-audit-actor";
import { getDb } from "@/lib/db/client";
import { toAppError } from "@/lib/errors/to-app-error";
import { findConsoleSession } from "@/lib/sessions/find-console-session";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { confirmSetupTotp, findSetupState, finishSetupWithoutTotp } from "@/lib/users/setup-console-user";
import { signInConsoleUser } from "@/lib/users/sign-in-console-user";
import { randomAlphanumeric } from "@/lib/ids/new-id";
import { freshTotpCode } from "./totp-codes";

export type TestConsoleUser = {
  id: string;
  email: string;
  role: ConsoleRole;
  merchantId: string | null;
  password: string;
  /** Null for a merchant user created withTotp: false. */
  totpSecret: string | null;
  recoveryCodes: string[];
};

export const TEST_CONSOLE_PASSWORD = "correct horse battery staple";

/** What an operation came to: "accepted", or the code of the AppError it refused with. */
export const refusalOf = (operation: Promise<unknown>) =>
  operation.then(
    () => "accepted",
    (error: unknown) => toAppError(error)?.code ?? error,
  );

/** The audit events of an action on a target, oldest first. */
export const auditOf = (targetId: string, action: string) =>
  getDb().auditEvent.findMany({ where: { targetId, action }, orderBy: { createdAt: "asc" } });

/** The token at the end of a setup link. */
export const setupTokenOf = (setupUrl: string) => setupUrl.slice(setupUrl.lastIndexOf("/") + 1);

/**
 * A console user of the role, set up completely: password TEST_CONSOLE_PASSWORD and, unless
 * withTotp is false (merchant users only), an enrolled authenticator whose secret is returned.
 */
export async function createTestConsoleUser(options: {
  role: ConsoleRole;
  merchantId?: string;
  email?: string;
  withTotp?: boolean;
}): Promise<TestConsoleUser> {
  const email = options.email ?? `${options.role}-${randomAlphanumeric(8)}@example.com`;
  const created = await createConsoleUser(
    { email, role: options.role, merchantId: options.merchantId },
    cliAuditActor(),
    { password: TEST_CONSOLE_PASSWORD },
  );
  const token = setupTokenOf(created.setupUrl);
  const withTotp = options.withTotp ?? true;
  let totpSecret: string | null = null;
  let recoveryCodes: string[] = [];
  if (withTotp) {
    totpSecret = (await findSetupState(token)).totpSecret;
    recoveryCodes = (await confirmSetupTotp(token, freshTotpCode(totpSecret)!, null)).recoveryCodes;
  } else {
    await finishSetupWithoutTotp(token, null);
  }
  return {
    id: created.id,
    email: created.email,
    role: options.role,
    merchantId: created.merchantId,
    password: TEST_CONSOLE_PASSWORD,
    totpSecret,
    recoveryCodes,
  };
}

/** Signs the user in through the login operation: the session token (the cookie's value) and its Actor. */
export async function startTestConsoleSession(
  user: TestConsoleUser,
  ip = "203.0.113.7",
): Promise<{ token: string; actor: Actor }> {
  // A third sign-in within one 30 s step has no unused code left: a recovery code signs in instead.
  const code = user.totpSecret ? (freshTotpCode(user.totpSecret) ?? user.recoveryCodes.pop()!) : "";
  const result = await signInConsoleUser(
    { email: user.email, password: user.password, code },
    { ip, userAgent: "vitest" },
  );
  if (result.status !== "signed_in") throw new Error(`test sign-in of ${user.email} was ${result.status}`);
  const actor = await findConsoleSession(result.token, ip);
  if (!actor) throw new Error("a session just started was not found");
  return { token: result.token, actor };
}
