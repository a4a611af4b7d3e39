"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import type { TransactionsMessages } from "@/lib/i18n/console-transactions";

/** What the last "reenviar" came to; the refusal is the AppError code the action caught. */
export type ResendState = { status: "idle" } | { status: "resent" } | { status: "refused"; code: string };

export function ResendButton(props: {
  t: TransactionsMessages;
  eventId: string;
  action: (state: ResendState, form: FormData) => Promise<ResendState>;
}) {
  const { t } = props;
  const [state, formAction, isPending] = useActionState(props.action, { status: "idle" });
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-3">
      <Button
        type="submit"
        variant="secondary"
        size="compact"
        disabled={isPending}
        aria-busy={isPending}
        aria-describedby={`resend-${props.eventId}`}
      >
        {isPending ? t.resending : t.resend}
      </Button>
      <p id={`resend-${props.eventId}`} role="status" className="font-medium">
        {state.status === "resent" && t.resent}
        {state.status === "refused" && `${t.resendFailed} ${t.refusals[state.code] ?? state.code}`}
      </p>
    </form>
  );
}
