"use client";
import { useActionState } from "react";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import type { AuthMessages } from "@/lib/i18n/console-auth";
import type { PasswordResetAnswer } from "@/lib/users/request-password-reset";
import { Alert } from "../ui/alert";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { PendingButton } from "./pending-button";

export type ForgotPasswordState = { status: "idle" } | FormFailure | PasswordResetAnswer;

/** The e-mail to send a reset link to. "Sent" is all it ever says of the address: known or not. */
export function ForgotPasswordForm(props: {
  action: (state: ForgotPasswordState, form: FormData) => Promise<ForgotPasswordState>;
  words: AuthMessages["forgot"];
}) {
  const [state, action] = useActionState(props.action, { status: "idle" });
  const t = props.words;
  if (state.status === "sent")
    return (
      <Alert tone="success" role="status" data-testid="forgot-password-sent">
        {t.sent}
      </Alert>
    );
  const emailError = state.status === "error" ? state.fields.find((field) => field.path === "email") : undefined;
  return (
    <form action={action} className="grid gap-4">
      {state.status === "throttled" && (
        <Alert tone="error" role="alert">
          {t.throttled.replace("{minutes}", String(Math.ceil(state.retryAfterSeconds / 60)))}
        </Alert>
      )}
      {state.status === "error" && !emailError && (
        <Alert tone="error" role="alert">
          {t.failure} {state.detail}
        </Alert>
      )}
      <Field id="email" label={t.email} error={emailError?.message}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="username" required autoFocus />}
      </Field>
      <PendingButton pendingLabel={t.pending} size="large">
        {t.submit}
      </PendingButton>
    </form>
  );
}
