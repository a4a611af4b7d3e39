"use client";
import { useActionState } from "react";
import type { FieldError } from "@/lib/errors/app-error";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { type Locale, formatDateTime } from "@/lib/i18n/messages";
import { signupMessages } from "@/lib/i18n/sandbox-signup";
import type { ConfirmedSandboxSignup } from "@/lib/sandbox-signup/confirm-sandbox-signup";
import { Alert } from "../ui/alert";
import { ButtonLink } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { CopyableValue, SecretOnce } from "./secret-once";

/** A refused form keeps what was typed: React empties a form once its action has run. */
export type SignupFormState =
  { status: "idle" } | (FormFailure & { typed: { name: string; email: string } }) | { status: "sent"; email: string };
export type ConfirmSignupState = { status: "idle" } | FormFailure | ({ status: "confirmed" } & ConfirmedSandboxSignup);
type Action<S> = (state: S, form: FormData) => Promise<S>;

/** A field's problem in the page's words when the form's rules refused it, else the server's words. */
const describeField = (failure: FormFailure, field: FieldError, locale: Locale) =>
  (failure.code === "validation_failed" && signupMessages[locale].fieldProblems[field.path]) || field.message;

function SignupFailure(props: { failure: FormFailure; locale: Locale }) {
  const t = signupMessages[props.locale];
  return (
    <FormFailureAlert
      failure={props.failure}
      words={{ ...t.failure, fieldNames: t.fields }}
      describe={(field) => describeField(props.failure, field, props.locale)}
    />
  );
}

/** The sign-up form; once sent, the same neutral answer for every address. */
export function SignupForm(props: { locale: Locale; action: Action<SignupFormState> }) {
  const t = signupMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  if (state.status === "sent") {
    return (
      <Alert tone="success" role="status" className="space-y-2" data-testid="signup-sent">
        <p>{t.sent(state.email)}</p>
        <p className="font-normal">{t.sentHelp}</p>
      </Alert>
    );
  }
  const failure = state.status === "error" ? state : null;
  const fieldError = (path: string) => {
    const field = failure?.fields.find((problem) => problem.path === path);
    return failure && field && describeField(failure, field, props.locale);
  };
  const fields = [
    { name: "name", label: t.name, hint: t.nameHint, maxLength: 100, autoComplete: "organization" },
    { name: "email", label: t.email, hint: t.emailHint, maxLength: 254, autoComplete: "email", type: "email" },
  ] as const;
  return (
    <form action={formAction} className="grid gap-4">
      {failure && <SignupFailure failure={failure} locale={props.locale} />}
      {fields.map(({ name, label, hint, ...input }) => (
        <Field key={name} id={`signup-${name}`} label={label} hint={hint} error={fieldError(name)}>
          {(control) => <Input {...control} {...input} name={name} required defaultValue={failure?.typed[name]} />}
        </Field>
      ))}
      <PendingButton pendingLabel={t.pending} size="large">
        {t.submit}
      </PendingButton>
    </form>
  );
}

/** The confirm button (a POST), then the test key and the setup link, shown this once. */
export function ConfirmSignupForm(props: { locale: Locale; action: Action<ConfirmSignupState> }) {
  const t = signupMessages[props.locale].confirm;
  const { common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  if (state.status === "confirmed") {
    return (
      <div className="grid gap-4" data-testid="signup-confirmed">
        <Alert tone="success" role="status">
          {t.done}
        </Alert>
        <SecretOnce keyId={state.keyId} secret={state.secret} words={common} extra={<p>{t.keyIntro}</p>} />
        <section className="grid gap-3" aria-labelledby="signup-setup-title">
          <h2 id="signup-setup-title" className="text-xl font-bold">
            {t.setupTitle}
          </h2>
          <p>{t.setupIntro(formatDateTime(new Date(state.setupExpiresAt), props.locale))}</p>
          <dl>
            <CopyableValue id="setup-link" label={t.setupLink} value={state.setupUrl} words={common} />
          </dl>
          <ButtonLink href={state.setupUrl}>{t.openSetup}</ButtonLink>
        </section>
      </div>
    );
  }
  return (
    <form action={formAction} className="grid gap-4">
      {state.status === "error" && <SignupFailure failure={state} locale={props.locale} />}
      <PendingButton pendingLabel={t.pending} size="large">
        {t.submit}
      </PendingButton>
    </form>
  );
}
