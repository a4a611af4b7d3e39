"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useState } from "react";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { Button } from "../ui/button";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";
import { SecretOnce } from "./secret-once";

export type CreateKeyState = { status: "idle" } | FormFailure | { status: "done"; keyId: string; secret: string };
export type RevokeKeyState = { status: "idle" } | FormFailure;

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
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [isConfirming, setConfirming] = useState(false);
  return (
    <div className="space-y-2">
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {isConfirming ? (
        <form action={formAction} className="space-y-2">
          <input type="hidden" name="keyId" value={props.keyId} />
          <p className="text-sm">{keys.revokeWarning}</p>
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={keys.revoking} aria-label={`${keys.revokeConfirm} ${props.keyId}`}>
              {keys.revokeConfirm}
            </PendingButton>
            <Button size="compact" variant="secondary" onClick={() => setConfirming(false)}>
              {common.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          size="compact"
          variant="secondary"
          onClick={() => setConfirming(true)}
          aria-label={`${keys.revoke} ${props.keyId}`}
        >
          {keys.revoke}
        </Button>
      )}
    </div>
  );
}
