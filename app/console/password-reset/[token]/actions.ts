"use server";
import { publicConsoleAction, redirectTo } from "@/lib/console/console-action";
import { consoleClientIp } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { resetConsolePassword } from "@/lib/users/reset-console-password";
import { setupFormArguments } from "@/lib/users/schemas";
import type { SetupFormState } from "@/components/console/setup-forms";

// A reset link's one step, bound to its token by the page; then sign-in, with the authenticator.
export const saveNewPassword = publicConsoleAction<SetupFormState, typeof setupFormArguments>(
  { args: setupFormArguments },
  async (token, _state, form) => {
    await resetConsolePassword(
      token,
      { password: formText(form, "password"), confirmation: formText(form, "confirmation") },
      await consoleClientIp(),
    );
    return redirectTo("/console/login?passwordReset=1");
  },
);
