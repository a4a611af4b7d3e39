"use client";
import { useActionState, useId, useState } from "react";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import type { EmailOutcome } from "@/lib/users/send-console-email";
import { authMessages } from "@/lib/i18n/console-auth";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { usersMessages } from "@/lib/i18n/console-users";
import { type Locale, formatDateTime } from "@/lib/i18n/messages";
import { Alert } from "../ui/alert";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { type ConfirmedActionState, ConfirmedActionForm } from "./confirmed-action-form";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { CopyableValue } from "./secret-once";

export type SetupLinkDone = {
  status: "done";
  email: string;
  setupUrl: string;
  setupExpiresAt: string;
  emailed: EmailOutcome;
};
export type InviteUserState = { status: "idle" } | FormFailure | SetupLinkDone;
type UserAction<S> = (state: S, form: FormData) => Promise<S>;

const ROLES = ["merchant-viewer", "merchant-admin", "operator"] as const;

/**
 * A setup link as it is shown this once: the person's e-mail, whether the link went to it, the link
 * to copy (an e-mail may still not arrive) and when it expires.
 */
function SetupLinkOnce(props: { done: SetupLinkDone; locale: Locale }) {
  const t = usersMessages[props.locale];
  const { common } = operationsMessages[props.locale];
  const expiresAt = formatDateTime(new Date(props.done.setupExpiresAt), props.locale);
  return (
    <Alert tone="warning" role="alert" className="space-y-3" data-testid="setup-link-once">
      <h2 className="text-lg font-bold">
        {t.linkTitle}: {props.done.email}
      </h2>
      <p data-testid="setup-link-emailed" data-emailed={props.done.emailed}>
        {t.emailed[props.done.emailed](props.done.email)}
      </p>
      <p>{props.done.emailed === "sent" ? t.linkWarningEmailed(expiresAt) : t.linkWarning(expiresAt)}</p>
      <dl>
        <CopyableValue id="setup-link" label={t.link} value={props.done.setupUrl} words={common} />
      </dl>
    </Alert>
  );
}

/**
 * "Convidar usuário": e-mail, role and, for merchant roles, the merchant. An operator picks any
 * merchant (merchants given); a merchant admin invites into their own (ownMerchantId) and is
 * offered no operator role, which the server refuses them anyway.
 */
export function InviteUserForm(props: {
  locale: Locale;
  merchants: { id: string; name: string }[] | null;
  ownMerchantId: string | null;
  action: UserAction<InviteUserState>;
}) {
  const t = usersMessages[props.locale];
  const roles = authMessages[props.locale].nav.roles;
  const { common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [role, setRole] = useState<string>("merchant-viewer");
  const id = useId();
  const fieldError = (name: string) =>
    state.status === "error"
      ? state.fields
          .filter((field) => field.path === name)
          .map((field) => field.message)
          .join(" ") || undefined
      : undefined;
  return (
    <section className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t.invite.title}
      </h2>
      {state.status === "done" && <SetupLinkOnce done={state} locale={props.locale} />}
      {state.status === "error" && (
        <FormFailureAlert
          failure={state}
          words={{ ...common.failure, fieldNames: { ...common.failure.fieldNames, ...t.fieldNames } }}
        />
      )}
      <form action={formAction} className="grid gap-4 lg:grid-cols-3">
        <Field id={`${id}-email`} label={t.invite.email} error={fieldError("email")}>
          {(control) => <Input {...control} name="email" type="email" required maxLength={254} autoComplete="off" />}
        </Field>
        <Field id={`${id}-role`} label={t.invite.role} hint={t.invite.roleHint} error={fieldError("role")}>
          {(control) => (
            <Select {...control} name="role" value={role} onChange={(event) => setRole(event.target.value)}>
              {ROLES.filter((option) => props.merchants !== null || option !== "operator").map((option) => (
                <option key={option} value={option}>
                  {roles[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {props.merchants === null ? (
          <input type="hidden" name="merchantId" value={props.ownMerchantId ?? ""} />
        ) : (
          <Field
            id={`${id}-merchant`}
            label={t.invite.merchant}
            hint={t.invite.merchantHint}
            error={fieldError("merchantId")}
          >
            {(control) =>
              role === "operator" ? (
                <Select {...control} name="merchantId" disabled value="">
                  <option value="">{t.invite.noMerchant}</option>
                </Select>
              ) : (
                <Select {...control} name="merchantId" required defaultValue="">
                  <option value="" disabled>
                    {common.chooseMerchant}
                  </option>
                  {props.merchants!.map((merchant) => (
                    <option key={merchant.id} value={merchant.id}>
                      {merchant.name}
                    </option>
                  ))}
                </Select>
              )
            }
          </Field>
        )}
        <div className="lg:col-span-3">
          <PendingButton pendingLabel={t.invite.pending}>{t.invite.submit}</PendingButton>
        </div>
      </form>
    </section>
  );
}

export type UserActionState = ConfirmedActionState | SetupLinkDone;

/** A user's actions, each confirmed first: a new setup link or a reset shows the new link once. */
export function UserActions(props: {
  userId: string;
  email: string;
  status: string;
  locale: Locale;
  disable: UserAction<UserActionState>;
  newLink: UserAction<UserActionState>;
  reset: UserAction<UserActionState>;
}) {
  const t = usersMessages[props.locale];
  const { common } = operationsMessages[props.locale];
  const showLink = (done: SetupLinkDone) => <SetupLinkOnce done={done} locale={props.locale} />;
  // A new link only for someone still setting up; a reset for anyone, since it says what it undoes.
  const forms = [
    ...(props.status === "setup_pending"
      ? [
          {
            key: "new-link",
            words: [t.newLink, t.newLinkWarning, t.newLinkConfirm, t.newLinkPending],
            action: props.newLink,
          },
        ]
      : []),
    { key: "reset", words: [t.reset, t.resetWarning, t.resetConfirm, t.resetPending], action: props.reset },
    { key: "disable", words: [t.disable, t.disableWarning, t.disableConfirm, t.disabling], action: props.disable },
  ];
  return (
    <div className="flex flex-wrap items-start gap-2">
      {forms.map(({ key, words: [label, warning, confirmLabel, pendingLabel], action }) => (
        // Keyed: a reset's answer (its link) stays with the reset's form when the user, now setting
        // up again, gets the new-link form before it.
        <ConfirmedActionForm<SetupLinkDone>
          key={key}
          fields={{ userId: props.userId }}
          subject={props.email}
          words={common}
          label={label}
          warning={warning}
          confirmLabel={confirmLabel}
          pendingLabel={pendingLabel}
          action={action}
          done={showLink}
        />
      ))}
    </div>
  );
}
