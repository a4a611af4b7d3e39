"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useState } from "react";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { Button } from "../ui/button";
import { type ConfirmedActionState, ConfirmedActionForm } from "./confirmed-action-form";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { SecretOnce } from "./secret-once";

type KeyShown = { status: "done"; keyId: string; secret: string };
export type CreateKeyState = { status: "idle" } | FormFailure | KeyShown | { status: "confirm"; activeKeys: number };
export type RevokeKeyState = ConfirmedActionState;

/**
 * "Criar chave", and the new key's secret shown once below it. While the merchant has active keys
 * the server asks first (another key does not revoke them); the secret last shown stays on screen
 * through the question, so a second tap cannot take it away unread.
 */
export function CreateKeyForm(props: {
  merchantId: string;
  locale: Locale;
  action: (state: CreateKeyState, form: FormData) => Promise<CreateKeyState>;
}) {
  const { keys, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [shown, setShown] = useState<KeyShown | null>(null);
  const [dismissed, setDismissed] = useState<CreateKeyState | null>(null);
  if (state.status === "done" && state !== shown) setShown(state);
  const isAsking = state.status === "confirm" && state !== dismissed;
  return (
    <div className="space-y-3">
      {isAsking ? (
        <form action={formAction} className="max-w-prose space-y-2">
          <input type="hidden" name="merchantId" value={props.merchantId} />
          <input type="hidden" name="another" value="confirmed" />
          <p>{keys.anotherKeyQuestion(state.activeKeys)}</p>
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={keys.creating}>{keys.createAnother}</PendingButton>
            <Button size="compact" variant="secondary" onClick={() => setDismissed(state)}>
              {common.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <form action={formAction}>
          <input type="hidden" name="merchantId" value={props.merchantId} />
          <PendingButton pendingLabel={keys.creating}>{keys.create}</PendingButton>
        </form>
      )}
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {shown && <SecretOnce keyId={shown.keyId} secret={shown.secret} words={common} />}
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
