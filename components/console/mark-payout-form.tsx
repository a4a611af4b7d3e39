"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useId, useState } from "react";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { consoleCancelReasonCodes } from "@/lib/payouts/schemas";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";

export type MarkPayoutState = { status: "idle" } | FormFailure;

/**
 * A queued payout's actions: complete, or cancel with a reason, each confirmed in a second step;
 * a marking that crashed is resumed with the outcome it was claimed for. The server marks once
 * whatever is clicked (markPayout is single-flight); the button is disabled while it works.
 */
export function MarkPayoutForm(props: {
  transferId: string;
  reference: string;
  resumeOutcome: "completed" | "canceled" | null;
  locale: Locale;
  action: (state: MarkPayoutState, form: FormData) => Promise<MarkPayoutState>;
}) {
  const { payouts, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [choice, setChoice] = useState<"completed" | "canceled" | null>(props.resumeOutcome);
  const id = useId();
  const isResume = props.resumeOutcome !== null;
  return (
    <div className="space-y-3" role="group" aria-label={payouts.actionsFor(props.reference)}>
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {choice === null && (
        <div className="flex flex-wrap gap-2">
          <Button size="compact" onClick={() => setChoice("completed")}>
            {payouts.complete}
          </Button>
          <Button size="compact" variant="secondary" onClick={() => setChoice("canceled")}>
            {payouts.cancelPayout}
          </Button>
        </div>
      )}
      {choice !== null && (
        <form action={formAction} className="space-y-3">
          <input type="hidden" name="transferId" value={props.transferId} />
          <input type="hidden" name="outcome" value={choice} />
          {isResume && <input type="hidden" name="isResume" value="true" />}
          {choice === "canceled" && (
            <>
              <Field id={`${id}-code`} label={payouts.reasonCode}>
                {(control) => (
                  <Select {...control} name="reasonCode" required defaultValue="invalid_account">
                    {consoleCancelReasonCodes.map((code) => (
                      <option key={code} value={code}>
                        {payouts.reasonCodes[code]} ({code})
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field id={`${id}-reason`} label={payouts.reason}>
                {(control) => <Textarea {...control} name="reason" required maxLength={500} rows={2} />}
              </Field>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={payouts.marking} variant={choice === "completed" ? "primary" : "secondary"}>
              {isResume ? payouts.resume : choice === "completed" ? payouts.completeConfirm : payouts.cancelConfirm}
            </PendingButton>
            {!isResume && (
              <Button size="compact" variant="secondary" onClick={() => setChoice(null)}>
                {common.cancel}
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
