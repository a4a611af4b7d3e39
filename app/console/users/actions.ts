"use server";

import { revalidatePath } from "next/cache";
import type { Actor } from "@/lib/access/actor";
import { refuseAction } from "@/lib/console/refuse-action";
import { requireActor } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { formStateArguments, parseActionArguments } from "@/lib/http/parse-action-arguments";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { disableConsoleUser } from "@/lib/users/disable-console-user";
import { issueConsoleUserSetupLink } from "@/lib/users/issue-console-user-setup-link";
import { resetConsoleUserAuthenticator } from "@/lib/users/reset-console-user-authenticator";
import type { SetupLink } from "@/lib/users/setup-link";
import type { InviteUserState, UserActionState as LinkState } from "@/components/console/user-forms";

// An invitation: the user and their setup link, which goes back in this answer only.
export async function inviteUserAction(state: InviteUserState, form: FormData): Promise<InviteUserState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  try {
    const created = await createConsoleUser(
      {
        email: formText(form, "email"),
        role: formText(form, "role"),
        merchantId: formText(form, "merchantId") || undefined,
      },
      actor,
    );
    revalidatePath("/console/users");
    return { status: "done", email: created.email, setupUrl: created.setupUrl, setupExpiresAt: created.setupExpiresAt };
  } catch (error) {
    return refuseAction(actor, "users.invite", error);
  }
}

// Disables a user: their sessions end with this answer.
export async function disableUserAction(state: LinkState, form: FormData): Promise<LinkState> {
  parseActionArguments(formStateArguments, [state, form]);
  const actor = await requireActor();
  try {
    await disableConsoleUser({ id: formText(form, "userId") }, actor);
    revalidatePath("/console/users");
    return { status: "idle" };
  } catch (error) {
    return refuseAction(actor, "users.disable", error);
  }
}

// A user's action whose answer is a new setup link, shown once by the form that asked.
async function answerWithLink(
  args: [LinkState, FormData],
  name: string,
  operation: (ref: { id: string }, by: Actor) => Promise<SetupLink & { email: string }>,
): Promise<LinkState> {
  parseActionArguments(formStateArguments, args);
  const actor = await requireActor();
  try {
    const issued = await operation({ id: formText(args[1], "userId") }, actor);
    revalidatePath("/console/users");
    return { status: "done", email: issued.email, setupUrl: issued.setupUrl, setupExpiresAt: issued.setupExpiresAt };
  } catch (error) {
    return refuseAction(actor, name, error);
  }
}

// A new setup link for a user still setting up; the old one stops working.
export async function newSetupLinkAction(state: LinkState, form: FormData): Promise<LinkState> {
  return answerWithLink([state, form], "users.setup_link", issueConsoleUserSetupLink);
}

// A lost phone: the user sets up password and authenticator again from the new link.
export async function resetAuthenticatorAction(state: LinkState, form: FormData): Promise<LinkState> {
  return answerWithLink([state, form], "users.reset_authenticator", resetConsoleUserAuthenticator);
}
