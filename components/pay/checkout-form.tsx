"use client";

import { useActionState } from "react";
import type { Messages } from "@/lib/i18n/messages";
import { FormAlert } from "./form-alert";
import { primaryButton } from "./payment-shell";

type Field = "amount" | "paymentMethod";
export type CheckoutFormState = { invalid: Field[]; values?: Partial<Record<Field, string>> };

const lockedInput = "mt-1 w-full rounded-xl border-2 border-stone-200 bg-stone-100 px-4 py-3 text-lg text-stone-800";

/**
 * Gateway In's form: the customer's details as the shop sent them, always locked; the amount and
 * the method locked when the shop sent them, otherwise chosen here. Input names are the API's.
 */
export function CheckoutForm(props: {
  t: Messages;
  customer: { name: string; email: string; cpf: string };
  amount: { value: string; isEditable: boolean };
  method: { value: string | null; options: { value: string; label: string }[] };
  action: (state: CheckoutFormState, form: FormData) => Promise<CheckoutFormState>;
}) {
  const [state, formAction, isPending] = useActionState(props.action, { invalid: [] });
  const { t } = props;
  const isInvalid = (field: Field) => state.invalid.includes(field);
  const lockedMethod = props.method.options.find((o) => o.value === props.method.value);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormAlert t={t} isShown={state.invalid.length > 0} />
      {(["name", "email", "cpf"] as const).map((field) => (
        <div key={field}>
          <label htmlFor={field} className="block font-semibold">
            {t[field]}
          </label>
          <input id={field} name={field} type="text" value={props.customer[field]} readOnly aria-describedby={`${field}-locked`} className={lockedInput} />
          <p id={`${field}-locked`} className="mt-1 text-sm text-stone-600">
            {t.locked}
          </p>
        </div>
      ))}
      <div>
        <label htmlFor="amount" className="block font-semibold">
          {props.amount.isEditable ? `${t.amount} (R$)` : t.amount}
        </label>
        {props.amount.isEditable ? (
          <>
            <input
              id="amount"
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              defaultValue={state.values?.amount ?? ""}
              required
              aria-invalid={isInvalid("amount")}
              aria-describedby="amount-hint"
              className={`mt-1 w-full rounded-xl border-2 bg-white px-4 py-3 text-lg ${isInvalid("amount") ? "border-red-700" : "border-stone-400"}`}
            />
            <p id="amount-hint" className={`mt-1 text-sm ${isInvalid("amount") ? "font-medium text-red-800" : "text-stone-600"}`}>
              {isInvalid("amount") ? t.errors.amount : t.amountHint}
            </p>
          </>
        ) : (
          <input id="amount" name="amount" type="text" value={props.amount.value} readOnly className={lockedInput} />
        )}
      </div>
      {lockedMethod ? (
        <div>
          <label htmlFor="paymentMethod" className="block font-semibold">
            {t.paymentMethodLabel}
          </label>
          <input id="paymentMethod" type="text" value={lockedMethod.label} readOnly className={lockedInput} />
          <input type="hidden" name="paymentMethod" value={lockedMethod.value} />
        </div>
      ) : (
        <fieldset aria-describedby={isInvalid("paymentMethod") ? "method-error" : undefined}>
          <legend className="font-semibold">{t.paymentMethodLabel}</legend>
          <div className="mt-2 space-y-3">
            {props.method.options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 bg-white px-4 py-4 text-lg has-[:checked]:border-brand-700 has-[:checked]:bg-emerald-50"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={option.value}
                  defaultChecked={state.values?.paymentMethod === option.value}
                  className="size-5 accent-brand-700"
                />
                <span className="font-semibold">{option.label}</span>
              </label>
            ))}
          </div>
          {isInvalid("paymentMethod") && (
            <p id="method-error" className="mt-1 text-sm font-medium text-red-800">
              {t.errors.paymentMethod}
            </p>
          )}
        </fieldset>
      )}
      <button type="submit" disabled={isPending} className={primaryButton}>
        {t.continue}
      </button>
    </form>
  );
}
