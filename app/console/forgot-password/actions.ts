"use server";
import { publicConsoleAction } from "@/lib/console/console-action";
import { consoleClientIp } from "@/lib/console/require-actor";
import { formText } from "@/lib/http/form-text";
import { requestPasswordReset } from "@/lib/users/request-password-reset";
import type { ForgotPasswordState } from "@/components/console/forgot-password-form";

// "Esqueci minha senha": the answer goes back without waiting for the lookup or the e-mail, which
// finish on their own (lib/users/request-password-reset), so its time says nothing of the address.
export const askForPasswordReset = publicConsoleAction<ForgotPasswordState>({}, async (_state, form) => {
  const { answer } = await requestPasswordReset({ email: formText(form, "email") }, await consoleClientIp());
  return answer;
});
