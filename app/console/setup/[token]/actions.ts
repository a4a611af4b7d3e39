"use server";
import { redirect } from "next/navigation";
import { consoleClientIp } from "@/lib/console/require-actor";
import { toFormFailure } from "@/lib/errors/to-form-failure";
import { formText } from "@/lib/http/form-text";
import { parseActionArguments } from "@/lib/http/parse-action-arguments";
import { setupFormArguments } from "@/lib/users/schemas";
import { confirmSetupTotp, finishSetupWithoutTotp, setSetupPassword } from "@/lib/users/setup-console-user";
import type { SetupFormState } from "@/components/console/setup-forms";

export async function savePassword(token: string, state: SetupFormState, form: FormData): Promise<SetupFormState> {
  parseActionArguments(setupFormArguments, [token, state, form]);
  try {
    await setSetupPassword(
      token,
      { password: formText(form, "password"), confirmation: formText(form, "confirmation") },
      await consoleClientIp(),
    );
  } catch (error) {
    return toFormFailure(error);
  }
  redirect(`/console/setup/${encodeURIComponent(token)}`);
}

export async function enrolTotp(token: string, state: SetupFormState, form: FormData): Promise<SetupFormState> {
  parseActionArguments(setupFormArguments, [token, state, form]);
  try {
    return { status: "enrolled", ...(await confirmSetupTotp(token, formText(form, "code"), await consoleClientIp())) };
  } catch (error) {
    return toFormFailure(error);
  }
}

// A merchant user's way to finish without the authenticator. A link used, expired or an
// operator's is refused on the form, like the other two steps.
export async function skipTotp(token: string, state: SetupFormState, form: FormData): Promise<SetupFormState> {
  parseActionArguments(setupFormArguments, [token, state, form]);
  try {
    await finishSetupWithoutTotp(token, await consoleClientIp());
  } catch (error) {
    return toFormFailure(error);
  }
  redirect("/console/login");
}
