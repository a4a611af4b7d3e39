"use client";
import { useActionState, useId, useState } from "react";
import type { FieldError } from "@/lib/errors/app-error";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { disputesMessages } from "@/lib/i18n/console-disputes";
import { operationsMessages } from "@/lib/i18n/console-operations";
import type { Locale } from "@/lib/i18n/messages";
import { Field } from "../../ui/field";
import { Textarea } from "../../ui/textarea";
import { FormFailureAlert } from "../form-failure";
import { PendingButton } from "../pending-button";

export type AnswerDisputeState = { status: "idle" } | FormFailure;

/** The PSP's limit on a justification (lib/disputes/schemas' MAX_JUSTIFICATION). */
const MAX_JUSTIFICATION = 2000;

const choiceClass =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border-2 border-stone-400 bg-white px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-emerald-50";

/**
 * An open dispute's one answer: contest or accept, and the justification the PSP passes on. Both
 * fields keep what was typed through a refusal (each problem under its field); a success leaves
 * the page, which then shows the dispute as the PSP decided it.
 */
export function AnswerDisputeForm(props: {
  disputeId: string;
  locale: Locale;
  action: (state: AnswerDisputeState, form: FormData) => Promise<AnswerDisputeState>;
}) {
  // Read here, not passed by the page: its wording functions cannot cross to the browser as props.
  const words = disputesMessages[props.locale].form;
  const common = operationsMessages[props.locale].common.failure;
  const [state, formAction] = useActionState(props.action, { status: "idle" });
  // Controlled: a form action resets uncontrolled fields, and a refusal must not lose the text.
  const [decision, setDecision] = useState<string | null>(null);
  const [justification, setJustification] = useState("");
  const id = useId();
  const fieldError = (name: string) =>
    state.status === "error" ? state.fields.find((field) => field.path === name) : undefined;
  const describe = (field: FieldError) => words.problems[field.path] ?? field.message;
  const decisionError = fieldError("decision");
  const justificationError = fieldError("justification");
  const failureWords = { ...common, fieldNames: { ...common.fieldNames, ...words.fieldNames } };
  return (
    <form action={formAction} className="space-y-3" aria-label={words.label(props.disputeId)}>
      {state.status === "error" && <FormFailureAlert failure={state} words={failureWords} describe={describe} />}
      <input type="hidden" name="id" value={props.disputeId} />
      <fieldset aria-describedby={decisionError ? `${id}-decision-error` : undefined}>
        <legend className="mb-1 font-semibold">{words.legend}</legend>
        <div className="grid gap-2">
          {(["contest", "accept"] as const).map((choice) => (
            <label key={choice} className={choiceClass}>
              <input
                type="radio"
                name="decision"
                value={choice}
                required
                checked={decision === choice}
                onChange={() => setDecision(choice)}
                aria-describedby={`${id}-${choice}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                <span className="block font-semibold">{words[choice]}</span>
                <span id={`${id}-${choice}-hint`} className="block text-sm text-stone-700">
                  {words[`${choice}Hint`]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {decisionError && (
          <p id={`${id}-decision-error`} className="mt-1 font-medium text-red-800">
            {describe(decisionError)}
          </p>
        )}
      </fieldset>
      <Field
        id={`${id}-justification`}
        label={words.justification}
        hint={words.justificationHint}
        error={justificationError && describe(justificationError)}
      >
        {(control) => (
          <Textarea
            {...control}
            name="justification"
            required
            maxLength={MAX_JUSTIFICATION}
            rows={4}
            value={justification}
            onChange={(event) => setJustification(event.target.value)}
          />
        )}
      </Field>
      <p id={`${id}-once`} className="text-sm">
        {words.once}
      </p>
      <PendingButton pendingLabel={words.pending} aria-describedby={`${id}-once`}>
        {words.submit}
      </PendingButton>
    </form>
  );
}
