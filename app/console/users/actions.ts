"use server";

import { consoleAction } from "@/lib/console/console-action";
import { formText } from "@/lib/http/form-text";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { disableConsoleUser } from "@/lib/users/disable-console-user";
import { issueConsoleUserSetupLink } from "@/lib/users/issue-console-user-setup-link";
import { resetConsoleUserAuthenticator } from "@/lib/users/reset-console-user-authenticator";
import type { IssuedSetupLink } from "@/lib/users/email-setup-link";
import type { InviteUserState, SetupLinkDone, UserActionState as LinkState } from "@/components/console/user-forms";

// Operators act on every user, a merchant admin on their merchant's (lib/users/user-access).
const roles = ["operator", "merchant-admin"] as const;
const revalidate = ["/console/users"];

/** A new setup link as the form that asked shows it, once. */
const linkShown = (issued: IssuedSetupLink & { email: string }): SetupLinkDone => ({
  status: "done",
  email: issued.email,
  setupUrl: issued.setupUrl,
  setupExpiresAt: issued.setupExpiresAt,
  emailed: issued.emailed,
});

// An invitation: the user and their setup link, which goes back in this answer only (and to the
// user's e-mail when SMTP_URL is set).
export const inviteUserAction = consoleAction<InviteUserState>(
  { name: "users.invite", roles, revalidate },
  async (actor, _state, form) =>
    linkShown(
      await createConsoleUser(
        {
          email: formText(form, "email"),
          role: formText(form, "role"),
          merchantId: formText(form, "merchantId") || undefined,
        },
        actor,
      ),
    ),
);

// Disables a user: their sessions end with this answer.
export const disableUserAction = consoleAction<LinkState>(
  { name: "users.disable", roles, revalidate },
  async (actor, _state, form) => {
    await disableConsoleUser({ id: formText(form, "userId") }, actor);
    return { status: "idle" };
  },
);

// A new setup link for a user still setting up; the old one stops working.
export const newSetupLinkAction = consoleAction<LinkState>(
  { name: "users.setup_link", roles, revalidate },
  async (actor, _state, form) => linkShown(await issueConsoleUserSetupLink({ id: formText(form, "userId") }, actor)),
);

// A lost phone: the user sets up password and authenticator again from the new link.
export const resetAuthenticatorAction = consoleAction<LinkState>(
  { name: "users.reset_authenticator", roles, revalidate },
  async (actor, _state, form) =>
    linkShown(await resetConsoleUserAuthenticator({ id: formText(form, "userId") }, actor)),
);
