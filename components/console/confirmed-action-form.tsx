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
 * page shows the new state instead, or the action's answer is shown once below (`done`: a new
 * setup link).
 */
export function ConfirmedActionForm<Done extends { status: "done" } = never>(props: {
  /** Hidden inputs the action reads. */
  fields: Record<string, string>;
  label: string;
  /** What the two buttons name for a screen reader ("Revogar mk_…"). */
  subject: string;
  warning: string;
  confirmLabel: string;
  pendingLabel: string;
  words: { cancel: string; failure: FailureWords };
  action: (
    state: ConfirmedActionState | NoInfer<Done>,
    form: FormData,
  ) => Promise<ConfirmedActionState | NoInfer<Done>>;
  done?: (state: Done) => React.ReactNode;
}) {
  const [state, formAction] = useActionState<ConfirmedActionState | Done, FormData>(props.action, { status: "idle" });
  // The state the confirmation was opened in: a done answer closes it, a refusal keeps it open.
  const [openedAt, setOpenedAt] = useState<ConfirmedActionState | Done | null>(null);
  const isConfirming = openedAt !== null && (state.status !== "done" || openedAt === state);
  const setConfirming = (open: boolean) => setOpenedAt(open ? state : null);
  return (
    <div className="space-y-2">
      {state.status === "error" && <FormFailureAlert failure={state} words={props.words.failure} />}
      {state.status === "done" && props.done?.(state as Done)}
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
