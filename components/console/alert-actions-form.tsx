"use client";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { useActionState, useState } from "react";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { Button } from "../ui/button";
import { FormFailureAlert } from "./form-failure";
import { PendingButton } from "./pending-button";

export type AlertActionState = { status: "idle" } | FormFailure;

/** An alert's actions, each confirmed in a second step: resolve it, or return its Pix to the payer. */
export function AlertActionsForm(props: {
  alertId: string;
  canReturn: boolean;
  amount: string | null;
  locale: Locale;
  action: (state: AlertActionState, form: FormData) => Promise<AlertActionState>;
}) {
  const { overview, common } = operationsMessages[props.locale];
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  const [choice, setChoice] = useState<"resolve" | "return" | null>(null);
  return (
    <div className="space-y-2">
      {state.status === "error" && <FormFailureAlert failure={state} words={common.failure} />}
      {choice === null ? (
        <div className="flex flex-wrap gap-2">
          {props.canReturn && (
            <Button size="compact" onClick={() => setChoice("return")}>
              {overview.returnPix}
            </Button>
          )}
          <Button size="compact" variant="secondary" onClick={() => setChoice("resolve")}>
            {overview.resolve}
          </Button>
        </div>
      ) : (
        <form action={formAction} className="flex flex-wrap gap-2">
          <input type="hidden" name="alertId" value={props.alertId} />
          <input type="hidden" name="action" value={choice} />
          <PendingButton pendingLabel={overview.working} variant={choice === "return" ? "primary" : "secondary"}>
            {choice === "return" ? overview.returnConfirm(props.amount ?? "") : overview.resolveConfirm}
          </PendingButton>
          <Button size="compact" variant="secondary" onClick={() => setChoice(null)}>
            {common.cancel}
          </Button>
        </form>
      )}
    </div>
  );
}
