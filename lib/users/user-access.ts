// Who may manage which console users. Operators and the command line manage every user; a merchant
// admin manages their own merchant's admins and viewers, and sees no one else (another merchant's
// user, or an operator, is a 404 like an unknown id); a merchant viewer manages no one. Nobody
// changes their own account from the console: a slip there would lock them out.
import { type Actor, type ConsoleRole, assertRole, merchantScopeOf, outsideScope } from "../access/actor";
import type { AuditActor } from "../audit/record-audit-event";
import type { ConsoleUserRecord } from "../db/console-users";
import { AppError } from "../errors/app-error";

/** Who manages users: a signed-in console user, or the command line (cliAuditActor), run on the server by its operators. */
export type UserManager = Actor | AuditActor;

export const isConsoleActor = (by: UserManager): by is Actor => by.role !== "cli";

/** null: every user (operators, the CLI); otherwise the one merchant whose users `by` manages. Viewers are refused. */
export function managedMerchantOf(by: UserManager): string | null {
  if (!isConsoleActor(by)) return null;
  assertRole(by, "operator", "merchant-admin");
  return merchantScopeOf(by);
}

/** Refuses a role or merchant `by` may not give: a merchant admin invites only their merchant's admins and viewers. */
export function assertMayGrant(by: UserManager, role: ConsoleRole, merchantId: string | null): void {
  const scope = managedMerchantOf(by);
  if (scope === null) return;
  if (role === "operator")
    throw new AppError("forbidden", "a merchant admin may not invite operators", undefined, { reason: "role" });
  if (merchantId !== scope)
    throw outsideScope(`no merchant ${merchantId}`, { type: "merchant", id: String(merchantId) });
}

/** Refuses a user `by` may not act on: outside their scope it is not found; their own account is refused. */
export function assertMayManage(by: UserManager, user: ConsoleUserRecord): void {
  const scope = managedMerchantOf(by);
  if (scope !== null && user.merchantId !== scope)
    throw outsideScope(`no console user ${user.id}`, { type: "console_user", id: user.id });
  if (isConsoleActor(by) && by.userId === user.id)
    throw new AppError(
      "forbidden",
      "you cannot change your own account here: ask another administrator, or an operator",
    );
}

/** Whether the user can sign in now: a password, and an authenticator for an operator. */
export function hasFinishedSetup(user: ConsoleUserRecord): boolean {
  return user.passwordHash !== null && (user.role !== "operator" || user.totpEnabledAt !== null);
}

/** The address the audit log records: a console user's, none for the command line. */
export const ipOf = (by: UserManager): string | null => ("ip" in by ? by.ip : null);
