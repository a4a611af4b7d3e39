"use server";
import { publicConsoleAction, redirectTo } from "@/lib/console/console-action";
import { consoleClientIp } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { setupFormArguments } from "@/lib/users/schemas";
import { confirmSetupTotp, finishSetupWithoutTotp, setSetupPassword } from "@/lib/users/setup-console-user";
import type { SetupFormState } from "@/components/console/setup-forms";

// A setup link's three steps, bound to its token by the page. A link used, expired or (for the
// skip) an operator's is refused on the form, as a weak password or a wrong code is.

export const savePassword = publicConsoleAction<SetupFormState, typeof setupFormArguments>(
  { args: setupFormArguments },
  async (token, _state, form) => {
    await setSetupPassword(
      token,
      { password: formText(form, "password"), confirmation: formText(form, "confirmation") },
      await consoleClientIp(),
    );
    return redirectTo(`/console/setup/${encodeURIComponent(token)}`);
  },
);

export const enrolTotp = publicConsoleAction<SetupFormState, typeof setupFormArguments>(
  { args: setupFormArguments },
  async (token, _state, form) => ({
    status: "enrolled",
    ...(await confirmSetupTotp(token, formText(form, "code"), await consoleClientIp())),
  }),
);

// A merchant user's way to finish without the authenticator.
export const skipTotp = publicConsoleAction<SetupFormState, typeof setupFormArguments>(
  { args: setupFormArguments },
  async (token) => {
    await finishSetupWithoutTotp(token, await consoleClientIp());
    return redirectTo("/console/login");
  },
);
