"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState } from "react";
import type { AuthMessages } from "@/lib/i18n/console-auth";
import { Alert } from "../ui/alert";
import { Button, ButtonLink } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { PendingButton } from "./pending-button";

export type SetupFormState = { status: "idle" } | FormFailure | { status: "enrolled"; recoveryCodes: string[] };

type Action = (state: SetupFormState, form: FormData) => Promise<SetupFormState>;

const fieldError = (state: SetupFormState, path: string) =>
  state.status === "error" ? state.fields.find((field) => field.path === path)?.message : undefined;

function Failure(props: { state: SetupFormState; words: AuthMessages["setup"] }) {
  if (props.state.status !== "error" || props.state.fields.length > 0) return null;
  return (
    <Alert tone="error" role="alert">
      {props.words.failure} {props.state.detail}
    </Alert>
  );
}

export function SetupPasswordForm(props: { action: Action; email: string; words: AuthMessages["setup"] }) {
  const [state, action] = useActionState(props.action, { status: "idle" });
  const t = props.words;
  return (
    <form action={action} className="grid gap-4">
      <Failure state={state} words={t} />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
      <Field id="password" label={t.password} hint={t.passwordHint} error={fieldError(state, "data")}>
        {(control) => (
          <Input {...control} name="password" type="password" autoComplete="new-password" minLength={12} required />
        )}
      </Field>
      <Field id="confirmation" label={t.confirmation} error={fieldError(state, "confirmation")}>
        {(control) => <Input {...control} name="confirmation" type="password" autoComplete="new-password" required />}
      </Field>
      <PendingButton pendingLabel={t.pending} size="large">
        {t.savePassword}
      </PendingButton>
    </form>
  );
}

/** skip: a merchant user's way to finish without the authenticator (operators get none). */
export function SetupTotpForm(props: {
  action: Action;
  skip?: Action;
  words: AuthMessages["setup"];
  loginWords: string;
}) {
  const [state, action] = useActionState(props.action, { status: "idle" });
  const t = props.words;
  if (state.status === "enrolled") {
    return (
      <div className="grid gap-4">
        <Alert tone="success" role="status">
          {t.done}
        </Alert>
        <h2 className="text-xl font-bold">{t.recoveryTitle}</h2>
        <p>{t.recoveryIntro}</p>
        <ul className="grid gap-2 font-mono text-lg sm:grid-cols-2" data-testid="recovery-codes">
          {state.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <ButtonLink href="/console/login">{props.loginWords}</ButtonLink>
      </div>
    );
  }
  return (
    <>
      <form action={action} className="grid gap-4">
        <Failure state={state} words={t} />
        <Field id="code" label={t.code} error={fieldError(state, "code") ?? fieldError(state, "data")}>
          {(control) => (
            <Input
              {...control}
              name="code"
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              autoComplete="one-time-code"
              required
            />
          )}
        </Field>
        <PendingButton pendingLabel={t.pending} size="large">
          {t.confirm}
        </PendingButton>
      </form>
      {props.skip && <SkipTotpForm action={props.skip} words={t} />}
    </>
  );
}

/** Finishing without the authenticator; a link used up meanwhile is refused here, on the page. */
function SkipTotpForm(props: { action: Action; words: AuthMessages["setup"] }) {
  const [state, action] = useActionState(props.action, { status: "idle" });
  return (
    <form action={action} className="grid gap-4">
      <Failure state={state} words={props.words} />
      <Button type="submit" variant="secondary">
        {props.words.skip}
      </Button>
    </form>
  );
}
