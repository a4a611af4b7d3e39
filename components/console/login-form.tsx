"use client";
import { useActionState, useState } from "react";
import type { AuthMessages } from "@/lib/i18n/console-auth";
import { Alert } from "../ui/alert";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { PendingButton } from "./pending-button";

export type LoginState =
  { status: "idle" } | { status: "refused" } | { status: "throttled"; retryAfterSeconds: number };

export function LoginForm(props: {
  action: (state: LoginState, form: FormData) => Promise<LoginState>;
  words: AuthMessages["login"];
  /** The console page sign-in returns to (the action checks it again). */
  returnTo: string;
}) {
  const [state, action] = useActionState(props.action, { status: "idle" });
  // Held here: React resets a form's own fields after its action, and a wrong password should not
  // cost the e-mail too (the password is cleared, as it should be).
  const [email, setEmail] = useState("");
  const t = props.words;
  return (
    <form action={action} className="grid gap-4">
      <input type="hidden" name="next" value={props.returnTo} />
      {state.status === "refused" && (
        <Alert tone="error" role="alert">
          {t.refused}
        </Alert>
      )}
      {state.status === "throttled" && (
        <Alert tone="error" role="alert">
          {t.throttled.replace("{minutes}", String(Math.ceil(state.retryAfterSeconds / 60)))}
        </Alert>
      )}
      <Field id="email" label={t.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field id="password" label={t.password}>
        {(control) => <Input {...control} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <Field id="code" label={t.code} hint={t.codeHint}>
        {(control) => (
          <Input {...control} name="code" autoComplete="one-time-code" spellCheck={false} autoCapitalize="off" />
        )}
      </Field>
      <PendingButton pendingLabel={t.pending} size="large">
        {t.submit}
      </PendingButton>
    </form>
  );
}
