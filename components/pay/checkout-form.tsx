"use client";

import { useActionState, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Messages } from "@/lib/i18n/messages";
import { filterTypedBrl, formatTypedBrl, parseTypedBrl } from "@/lib/i18n/typed-input";
import { useFocusFirstInvalid } from "./use-focus-first-invalid";

type Field = "amount" | "paymentMethod";
export type CheckoutFormState = { invalid: Field[]; values?: Partial<Record<Field, string>> };

/**
 * Gateway In's choices: the amount when the shop sent none (masked as reais while typed, the
 * header following it) and the method when the shop sent none (Pix first and preselected).
 * What the shop settled is shown as text by the page, not here. Input names are the API's.
 */
export function CheckoutForm(props: {
  t: Messages;
  isAmountEditable: boolean;
  /** The amount chosen before, typed as Brazilians write it; empty when none was. */
  amount: string;
  amountLimit: string;
  methods: { value: string; label: string }[] | null;
  /** The method chosen before, if any: preselected instead of Pix. */
  method?: string;
  action: (state: CheckoutFormState, form: FormData) => Promise<CheckoutFormState>;
}) {
  const [state, formAction, isPending] = useActionState(props.action, { invalid: [] });
  const [amount, setAmount] = useState(state.values?.amount ?? props.amount);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, state.invalid);
  const { t } = props;
  const isInvalid = (field: Field) => state.invalid.includes(field);
  const showAmount = (typed: string) => {
    const cents = parseTypedBrl(typed);
    const header = document.querySelector('[data-testid="amount"]');
    if (header) header.textContent = cents === null || cents === 0n ? "—" : `R$ ${formatTypedBrl(cents)}`;
  };
  return (
    <form ref={form} action={formAction} noValidate className="space-y-5">
      {state.invalid.length > 0 && (
        <Alert tone="error" role="alert">
          {t.fixErrors}
        </Alert>
      )}
      {props.isAmountEditable && (
        <Field id="amount" label={`${t.amount} (R$)`} hint={`${t.amountHint} ${t.amountLimits} R$ ${props.amountLimit}.`} error={isInvalid("amount") ? t.errors.amount : undefined}>
          {(control) => (
            <Input
              {...control}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              value={amount}
              onChange={(event) => {
                const typed = filterTypedBrl(event.target.value);
                setAmount(typed);
                showAmount(typed);
              }}
              onBlur={() => {
                const cents = parseTypedBrl(amount);
                if (cents !== null) setAmount(formatTypedBrl(cents));
              }}
              required
            />
          )}
        </Field>
      )}
      {props.methods && (
        <fieldset aria-describedby={isInvalid("paymentMethod") ? "method-error" : undefined}>
          <legend className="font-semibold">{t.paymentMethodLabel}</legend>
          <div className="mt-2 space-y-3">
            {props.methods.map((option) => (
              <label
                key={option.value}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-400 bg-white px-4 py-3 text-lg has-[:checked]:border-brand-700 has-[:checked]:bg-emerald-50 dark:border-stone-500 dark:bg-stone-900 dark:has-[:checked]:border-emerald-400 dark:has-[:checked]:bg-emerald-950"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={option.value}
                  defaultChecked={(state.values?.paymentMethod ?? props.method ?? props.methods?.[0]?.value) === option.value}
                  className="size-5 accent-brand-700"
                />
                <span className="font-semibold">{option.label}</span>
              </label>
            ))}
          </div>
          {isInvalid("paymentMethod") && (
            <p id="method-error" className="mt-1 font-medium text-red-800 dark:text-red-300">
              {t.errors.paymentMethod}
            </p>
          )}
        </fieldset>
      )}
      <Button type="submit" disabled={isPending} aria-busy={isPending}>
        {isPending ? t.sending : t.continue}
      </Button>
    </form>
  );
}
