import { type SetupLinkReason, setupLinkEmail } from "../i18n/console-emails";
import { type EmailOutcome, sendConsoleEmail } from "./send-console-email";
import type { SetupLink } from "./setup-link";
import { type UserManager, isConsoleActor } from "./user-access";

/** A setup link as its issuer sees it: the link shown once, and whether it also went to the user's e-mail. */
export type IssuedSetupLink = SetupLink & { emailed: EmailOutcome };

/**
 * E-mails a setup link to its user, after the transaction that issued it has committed: an
 * e-mail is no rollback's to take back, and a link a failed commit never stored must not go out.
 * Who sent it is named so the user can tell an expected invitation from a stranger's.
 */
export async function emailSetupLink(
  user: { id: string; email: string; role: string },
  link: SetupLink,
  reason: SetupLinkReason,
  by: UserManager,
): Promise<IssuedSetupLink> {
  const email = setupLinkEmail({
    reason,
    sentBy: isConsoleActor(by) ? by.email : null,
    role: user.role,
    url: link.setupUrl,
    expiresAt: new Date(link.setupExpiresAt),
  });
  return { ...link, emailed: await sendConsoleEmail(user, email, "setup-link") };
}
