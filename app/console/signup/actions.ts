"use server";
import type { SignupFormState } from "@/components/console/signup-forms";
import { publicConsoleAction } from "@/lib/console/console-action";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { consoleClientIp } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { requestSandboxSignup } from "@/lib/sandbox-signup/request-sandbox-signup";

const typedOf = (form: FormData) => ({ name: formText(form, "name"), email: formText(form, "email") });

// A sandbox sign-up asked for: the neutral "check your e-mail", or the form's refusal with what was typed.
export const requestSignup = publicConsoleAction<SignupFormState>(
  { refusal: (failure, _state, form) => ({ ...failure, typed: typedOf(form) }) },
  async (_state, form) => ({
    status: "sent",
    ...(await requestSandboxSignup(typedOf(form), { ip: await consoleClientIp(), locale: await getConsoleLocale() })),
  }),
);
