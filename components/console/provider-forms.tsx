"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useState } from "react";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { providersMessages } from "@/lib/i18n/console-providers";
import type { Locale } from "@/lib/i18n/messages";
import { Button } from "../ui/button";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";

export type DisableProviderState = { status: "idle" } | FormFailure;

/** An account's "Desativar", confirmed in a second step; once disabled, the page shows it as disabled instead. */
export function DisableProviderForm(props: {
  accountId: string;
  label: string;
  locale: Locale;
  action: (state: DisableProviderState, form: FormData) => Promise<DisableProviderState>;
}) {
  const t = providersMessages[props.locale];
  const { common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [isConfirming, setConfirming] = useState(false);
  return (
    <div className="space-y-2">
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {isConfirming ? (
        <form action={formAction} className="max-w-72 space-y-2">
          <input type="hidden" name="accountId" value={props.accountId} />
          <p className="text-sm">{t.disableWarning}</p>
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={t.disabling} aria-label={`${t.disableConfirm}: ${props.label}`}>
              {t.disableConfirm}
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
          aria-label={`${t.disable}: ${props.label}`}
        >
          {t.disable}
        </Button>
      )}
    </div>
  );
}
