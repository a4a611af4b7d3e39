"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState } from "react";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { type ConfirmedActionState, ConfirmedActionForm } from "./confirmed-action-form";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { SecretOnce } from "./secret-once";

export type CreateKeyState = { status: "idle" } | FormFailure | { status: "done"; keyId: string; secret: string };
export type RevokeKeyState = ConfirmedActionState;

/** "Criar chave", and the new key's secret shown once below it. */
export function CreateKeyForm(props: {
  merchantId: string;
  locale: Locale;
  action: (state: CreateKeyState, form: FormData) => Promise<CreateKeyState>;
}) {
  const { keys, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  return (
    <div className="space-y-3">
      <form action={formAction}>
        <input type="hidden" name="merchantId" value={props.merchantId} />
        <PendingButton pendingLabel={keys.creating}>{keys.create}</PendingButton>
      </form>
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {state.status === "done" && <SecretOnce keyId={state.keyId} secret={state.secret} words={common} />}
    </div>
  );
}

/** A key's revocation, confirmed in a second step; once revoked, the page shows the key as revoked instead. */
export function RevokeKeyForm(props: {
  keyId: string;
  locale: Locale;
  action: (state: RevokeKeyState, form: FormData) => Promise<RevokeKeyState>;
}) {
  const { keys, common } = operationsMessages[props.locale];
  return (
    <ConfirmedActionForm
      fields={{ keyId: props.keyId }}
      label={keys.revoke}
      subject={props.keyId}
      warning={keys.revokeWarning}
      confirmLabel={keys.revokeConfirm}
      pendingLabel={keys.revoking}
      words={common}
      action={props.action}
    />
  );
}
