"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import type { OperationsMessages } from "@/lib/i18n/console-operations";
import type { TestCallbackAnswer } from "@/lib/sandbox/schemas";

/** What the last test callback came to; the refusal is the AppError code the action caught. */
export type TestCallbackState =
  { status: "idle" } | { status: "sent"; answer: TestCallbackAnswer } | { status: "refused"; code: string };

/** "Enviar callback de teste" and, below it, what the merchant's URL answered. */
export function TestCallbackButton(props: {
  t: OperationsMessages["settings"];
  action: (state: TestCallbackState, form: FormData) => Promise<TestCallbackState>;
}) {
  const { t } = props;
  const [state, formAction, isPending] = useActionState(props.action, { status: "idle" });
  const answer = state.status === "sent" ? state.answer : null;
  return (
    <form action={formAction} className="space-y-3">
      <Button type="submit" variant="secondary" disabled={isPending} aria-busy={isPending}>
        {isPending ? t.testSending : t.testButton}
      </Button>
      <div role="status" className="space-y-2" data-testid="test-callback-outcome">
        {state.status === "refused" && <p className="font-medium">{t.testRefusals[state.code] ?? state.code}</p>}
        {answer && (
          <>
            <p className="font-medium">
              {answer.http_status === null
                ? `${t.testNoAnswer} ${answer.error ?? ""}`
                : (answer.delivered ? t.testDelivered : t.testNotDelivered)
                    .replace("{status}", String(answer.http_status))
                    .replace("{ms}", String(answer.latency_ms))}
            </p>
            {answer.body_excerpt ? (
              <pre
                role="region"
                tabIndex={0}
                aria-label={t.testExcerpt}
                lang=""
                className="max-h-24 overflow-auto rounded bg-stone-100 p-2 text-xs break-all whitespace-pre-wrap dark:bg-stone-800"
              >
                {answer.body_excerpt}
              </pre>
            ) : null}
          </>
        )}
      </div>
    </form>
  );
}
