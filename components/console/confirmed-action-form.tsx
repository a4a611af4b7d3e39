"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useState } from "react";
import { Button } from "../ui/button";
import { type FailureWords, FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";

export type ConfirmedActionState = { status: "idle" } | FormFailure;

/**
 * An action that cannot be undone (revoking a key, disabling a PSP account), taken in two steps:
 * the button opens a warning with the confirming button, so one tap never does it. Once done, the
 * page shows the new state instead.
 */
export function ConfirmedActionForm(props: {
  /** Hidden inputs the action reads. */
  fields: Record<string, string>;
  label: string;
  /** What the two buttons name for a screen reader ("Revogar mk_…"). */
  subject: string;
  warning: string;
  confirmLabel: string;
  pendingLabel: string;
  words: { cancel: string; failure: FailureWords };
  action: (state: ConfirmedActionState, form: FormData) => Promise<ConfirmedActionState>;
}) {
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [isConfirming, setConfirming] = useState(false);
  return (
    <div className="space-y-2">
      {state.status === "error" && <FormFailureAlert failure={state} words={props.words.failure} />}
      {isConfirming ? (
        <form action={formAction} className="max-w-72 space-y-2">
          {Object.entries(props.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p className="text-sm">{props.warning}</p>
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={props.pendingLabel} aria-label={`${props.confirmLabel} ${props.subject}`}>
              {props.confirmLabel}
            </PendingButton>
            <Button size="compact" variant="secondary" onClick={() => setConfirming(false)}>
              {props.words.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          size="compact"
          variant="secondary"
          onClick={() => setConfirming(true)}
          aria-label={`${props.label} ${props.subject}`}
        >
          {props.label}
        </Button>
      )}
    </div>
  );
}
