import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";
import { type ConsoleUserRef, findManagedUser } from "./find-managed-user";
import { type IssuedSetupLink, emailSetupLink } from "./email-setup-link";
import { issueSetupLink } from "./setup-link";
import { type UserManager, hasFinishedSetup, ipOf } from "./user-access";

/**
 * A new setup link for a user who has not finished setting up (`user setup-link` and the
 * console's "Novo link de configuração"): the earlier link stops working. Someone who can sign in
 * already gets a link only by a reset of their authenticator, which says what it undoes. The link
 * is e-mailed too when SMTP_URL is set (emailSetupLink).
 */
export async function issueConsoleUserSetupLink(
  ref: ConsoleUserRef,
  by: UserManager,
  now: Date = new Date(),
): Promise<IssuedSetupLink & { id: string; email: string }> {
  const { user, link } = await getDb().$transaction(async (tx) => {
    const user = await findManagedUser(tx, by, ref);
    if (user.disabledAt) throw new AppError("state_conflict", `${user.email} is disabled`);
    if (hasFinishedSetup(user))
      throw new AppError(
        "state_conflict",
        `${user.email} has finished setting up: reset the authenticator to set it up again`,
      );
    const link = await issueSetupLink(tx, user.id, now);
    await recordAuditEvent(tx, {
      actor: by,
      action: "user.setup_link_issued",
      targetType: "console_user",
      targetId: user.id,
      merchantId: user.merchantId,
      ip: ipOf(by),
      detail: { email: user.email, expiresAt: link.setupExpiresAt },
    });
    return { user, link };
  });
  return { id: user.id, email: user.email, ...(await emailSetupLink(user, link, "new_link", by)) };
}
