"use client";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { FieldError } from "@/lib/errors/app-error";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { refundFormMessages } from "@/lib/i18n/console-transactions";
import { type Locale, formatBrl } from "@/lib/i18n/messages";
import { formatTypedBrl, parseTypedBrl } from "@/lib/i18n/typed-input";
import { consoleRefundProblems } from "@/lib/refunds/console-refund-schema";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Textarea } from "../../ui/textarea";
import { FormFailureAlert } from "../form-failure";
import { PendingButton } from "../pending-button";

export type RefundState =
  { status: "idle" } | { status: "requested"; refundId: string; amountCents: string } | FormFailure;

type Step = "closed" | "edit" | "confirm";

/**
 * A paid deposit's refund, in two steps so one tap never sends money back: the amount (all that is
 * left, prefilled, or less) and the reason, then a confirmation naming the amount. The form's key
 * comes with each render of the page, so a second submission of the same form is the same refund.
 * A refusal returns to the fields, each problem under its field.
 */
export function RefundForm(props: {
  locale: Locale;
  depositId: string;
  reference: string;
  refundableCents: string;
  requestKey: string;
  action: (state: RefundState, form: FormData) => Promise<RefundState>;
}) {
  const { locale } = props;
  // Read here, not passed by the page: its wording functions cannot cross to the browser as props.
  const words = refundFormMessages[locale];
  const common = operationsMessages[locale].common.failure;
  const hasActed = useRef(false);
  const [step, setStepState] = useState<Step>("closed");
  const setStep = (next: Step) => {
    hasActed.current = true;
    setStepState(next);
  };
  // A refusal brings the fields back; a refund done closes the form (the page lists it).
  const [state, formAction] = useActionState(
    async (previous: RefundState, form: FormData) => {
      const next = await props.action(previous, form);
      setStep(next.status === "error" ? "edit" : "closed");
      return next;
    },
    { status: "idle" } as RefundState,
  );
  const [amount, setAmount] = useState(formatTypedBrl(BigInt(props.refundableCents), locale));
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const left = formatBrl(BigInt(props.refundableCents), locale);

  useEffect(() => {
    // Not on the first render: the page must not jump to the form.
    if (!hasActed.current) return;
    group.current?.querySelector<HTMLElement>("[aria-invalid=true], [data-focus], button")?.focus();
  }, [step]);

  const typedCents = parseTypedBrl(amount.trim(), locale);
  const shownAmount = typedCents === null ? amount : formatBrl(typedCents, locale);
  const fieldError = (name: string) =>
    state.status === "error" ? state.fields.find((field) => field.path === name) : undefined;
  const describe = (field: FieldError): string => {
    if (field.path === "amount")
      return field.message === consoleRefundProblems.amount ? words.amountInvalid : words.amountTooLarge(left);
    if (field.path === "reason" && field.message === consoleRefundProblems.reason) return words.reasonMissing;
    return field.message;
  };
  const failureWords = {
    ...common,
    codes: { ...common.codes, ...words.codes },
    fieldNames: { ...common.fieldNames, ...words.fieldNames },
  };
  const amountError = fieldError("amount");
  const reasonError = fieldError("reason");

  return (
    <div ref={group} className="space-y-3" data-testid="refund-form">
      {state.status === "requested" && (
        <Alert tone="success" role="status">
          {words.done(formatBrl(BigInt(state.amountCents), locale), state.refundId)}
        </Alert>
      )}
      {state.status === "error" && step === "edit" && (
        <FormFailureAlert failure={state} words={failureWords} describe={describe} />
      )}
      {step === "closed" ? (
        <Button
          size="compact"
          variant="secondary"
          onClick={() => {
            // All that is left now, which a refund just made has changed.
            setAmount(formatTypedBrl(BigInt(props.refundableCents), locale));
            setStep("edit");
          }}
        >
          {words.open}
        </Button>
      ) : (
        <form action={formAction} className="max-w-md space-y-3">
          <input type="hidden" name="depositId" value={props.depositId} />
          <input type="hidden" name="requestKey" value={props.requestKey} />
          <div hidden={step !== "edit"} className="space-y-3">
            <p>{words.intro(left)}</p>
            <Field
              id={`${id}-amount`}
              label={words.amount}
              hint={words.amountHint}
              error={amountError && describe(amountError)}
            >
              {(control) => (
                <Input
                  {...control}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
              )}
            </Field>
            <Field
              id={`${id}-reason`}
              label={words.reason}
              hint={words.reasonHint}
              error={reasonError && describe(reasonError)}
            >
              {(control) => <Textarea {...control} name="reason" maxLength={140} rows={2} />}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button size="compact" onClick={() => setStep("confirm")}>
                {words.review}
              </Button>
              <Button size="compact" variant="secondary" onClick={() => setStep("closed")}>
                {words.cancel}
              </Button>
            </div>
          </div>
          {step === "confirm" && (
            <div className="space-y-3">
              <p className="font-semibold" id={`${id}-confirm`} data-focus>
                {words.confirmText(shownAmount, props.reference)}
              </p>
              <div className="flex flex-wrap gap-2">
                <PendingButton pendingLabel={words.pending} aria-describedby={`${id}-confirm`}>
                  {words.confirm(shownAmount)}
                </PendingButton>
                <Button size="compact" variant="secondary" onClick={() => setStep("edit")}>
                  {words.edit}
                </Button>
              </div>
            </div>
          )}
        </form>
      )}
    </div>
  );
}
