"use server";
import { redirect } from "next/navigation";
import { consoleClientIp } from "@/lib/console/require-actor";
import { toFormFailure } from "@/lib/errors/to-form-failure";
import { confirmSetupTotp, finishSetupWithoutTotp, setSetupPassword } from "@/lib/users/setup-console-user";
import type { SetupFormState } from "@/components/console/setup-forms";

export async function savePassword(token: string, _state: SetupFormState, form: FormData): Promise<SetupFormState> {
  try {
    await setSetupPassword(
      token,
      { password: String(form.get("password") ?? ""), confirmation: String(form.get("confirmation") ?? "") },
      await consoleClientIp(),
    );
  } catch (error) {
    return toFormFailure(error);
  }
  redirect(`/console/setup/${encodeURIComponent(token)}`);
}

export async function enrolTotp(token: string, _state: SetupFormState, form: FormData): Promise<SetupFormState> {
  try {
    return {
      status: "enrolled",
      ...(await confirmSetupTotp(token, String(form.get("code") ?? ""), await consoleClientIp())),
    };
  } catch (error) {
    return toFormFailure(error);
  }
}

export async function skipTotp(token: string): Promise<void> {
  await finishSetupWithoutTotp(token, await consoleClientIp());
  redirect("/console/login");
}
