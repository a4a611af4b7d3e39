"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useEffect, useId, useRef, useState } from "react";
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

type Action = (state: MarkPayoutState, form: FormData) => Promise<MarkPayoutState>;
type Choice = "approve" | "completed" | "canceled";

/**
 * A queued payout's actions, each confirmed in a second step, so one tap never moves money:
 * - a payout its account sends (held for approval): approve, and the PSP is asked to send it at
 *   once; or cancel with a reason. Never complete: the gateway does not mark as sent money it did
 *   not send.
 * - a payout its account cannot send: complete (the money was sent outside the gateway, which a
 *   live payout's label says), or cancel with a reason.
 * A marking that crashed is resumed with the outcome it was claimed for. The server acts once
 * whatever is clicked (markPayout and sendPayout are single-flight); the button is disabled while
 * it works. Focus follows each step, so a keyboard or screen reader is never left on nothing.
 */
export function MarkPayoutForm(props: {
  transferId: string;
  reference: string;
  resumeOutcome: "completed" | "canceled" | null;
  /** The queue's merchant filter, kept when the action sends the operator back to it. */
  merchantId?: string;
  /** A live payout: "Concluir" then says the money was sent outside the gateway. */
  isLive: boolean;
  locale: Locale;
  action: Action;
  /** Present when the payout's account sends it: approving sends this amount to this destination. */
  approve?: { amount: string; destination: string; action: Action };
}) {
  const { payouts, common } = operationsMessages[props.locale];
  const [markState, markAction] = useActionState(props.action, { status: "idle" });
  const [approveState, approveAction] = useActionState(props.approve?.action ?? props.action, { status: "idle" });
  const [choice, setChoice] = useState<Choice | null>(props.resumeOutcome);
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const hasChosen = useRef(false);
  const isResume = props.resumeOutcome !== null;
  const failure = choice === "approve" ? approveState : markState;

  useEffect(() => {
    // Not on the first render: the page must not jump to the first card's buttons.
    if (!hasChosen.current) return;
    group.current?.querySelector<HTMLElement>("select, button")?.focus();
  }, [choice]);

  const choose = (next: Choice | null) => {
    hasChosen.current = true;
    setChoice(next);
  };

  return (
    <div ref={group} className="space-y-3" role="group" aria-label={payouts.actionsFor(props.reference)}>
      {failure.status === "error" && <FormFailureAlert failure={failure} words={common.failure} />}
      {choice === null && (
        <>
          {props.approve && <p className="text-sm">{payouts.heldHint}</p>}
          <div className="flex flex-wrap gap-2">
            {props.approve ? (
              <Button size="compact" onClick={() => choose("approve")}>
                {payouts.approve}
              </Button>
            ) : (
              <Button size="compact" onClick={() => choose("completed")}>
                {props.isLive ? payouts.completeOutside : payouts.complete}
              </Button>
            )}
            <Button size="compact" variant="secondary" onClick={() => choose("canceled")}>
              {payouts.cancelPayout}
            </Button>
          </div>
        </>
      )}
      {choice === "approve" && props.approve && (
        <form action={approveAction} className="space-y-3">
          <input type="hidden" name="transferId" value={props.transferId} />
          {props.merchantId && <input type="hidden" name="merchant" value={props.merchantId} />}
          <p className="text-sm font-semibold" id={`${id}-warning`}>
            {payouts.approveWarning(props.approve.amount, props.approve.destination)}
          </p>
          <div className="flex flex-wrap gap-2">
            <PendingButton pendingLabel={payouts.approving} aria-describedby={`${id}-warning`}>
              {payouts.approveConfirm(props.approve.amount)}
            </PendingButton>
            <Button size="compact" variant="secondary" onClick={() => choose(null)}>
              {common.cancel}
            </Button>
          </div>
        </form>
      )}
      {(choice === "completed" || choice === "canceled") && (
        <form action={markAction} className="space-y-3">
          <input type="hidden" name="transferId" value={props.transferId} />
          {props.merchantId && <input type="hidden" name="merchant" value={props.merchantId} />}
          <input type="hidden" name="outcome" value={choice} />
          {isResume && <input type="hidden" name="isResume" value="true" />}
          {choice === "completed" && props.isLive && (
            <p className="text-sm" id={`${id}-outside`}>
              {payouts.completeOutsideHint}
            </p>
          )}
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
            <PendingButton
              pendingLabel={payouts.marking}
              variant={choice === "completed" ? "primary" : "secondary"}
              aria-describedby={choice === "completed" && props.isLive ? `${id}-outside` : undefined}
            >
              {isResume ? payouts.resume : choice === "completed" ? payouts.completeConfirm : payouts.cancelConfirm}
            </PendingButton>
            {!isResume && (
              <Button size="compact" variant="secondary" onClick={() => choose(null)}>
                {common.cancel}
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
