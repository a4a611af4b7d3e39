"use client";

import { useActionState } from "react";
import type { Messages } from "@/lib/i18n/messages";
import { FormAlert } from "./form-alert";
import { primaryButton } from "./payment-shell";

type Field = "name" | "email" | "cpf";
/** What the last submission found wrong, and what was typed (React resets a form after its action). */
export type CustomerFormState = { invalid: Field[]; values?: Partial<Record<Field, string>> };

/**
 * The payer's details. Fields the shop sent valid are shown read-only; the others must be filled
 * in correctly before the customer can continue. Each input's name is the API field's name.
 */
export function CustomerForm(props: {
  t: Messages;
  values: Record<Field, string>;
  display: Record<Field, string>;
  editable: Field[];
  action: (state: CustomerFormState, form: FormData) => Promise<CustomerFormState>;
}) {
  const [state, formAction, isPending] = useActionState(props.action, { invalid: [] });
  const { t } = props;
  const fields: { field: Field; label: string; type: string; autoComplete: string; inputMode?: "numeric" }[] = [
    { field: "name", label: t.name, type: "text", autoComplete: "name" },
    { field: "email", label: t.email, type: "email", autoComplete: "email" },
    { field: "cpf", label: t.cpf, type: "text", autoComplete: "off", inputMode: "numeric" },
  ];
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormAlert t={t} isShown={state.invalid.length > 0} />
      {fields.map(({ field, label, type, autoComplete, inputMode }) => {
        const isEditable = props.editable.includes(field);
        const isInvalid = state.invalid.includes(field);
        const errorId = `${field}-error`;
        return (
          <div key={field}>
            <label htmlFor={field} className="block font-semibold text-stone-900">
              {label}
            </label>
            {isEditable ? (
              <input
                id={field}
                name={field}
                type={type}
                inputMode={inputMode}
                autoComplete={autoComplete}
                defaultValue={state.values?.[field] ?? props.values[field]}
                required
                aria-invalid={isInvalid}
                aria-describedby={isInvalid ? errorId : undefined}
                className={`mt-1 w-full rounded-xl border-2 bg-white px-4 py-3 text-lg ${isInvalid ? "border-red-700" : "border-stone-400"}`}
              />
            ) : (
              <>
                <input
                  id={field}
                  name={field}
                  type="text"
                  value={props.display[field]}
                  readOnly
                  aria-describedby={`${field}-locked`}
                  className="mt-1 w-full rounded-xl border-2 border-stone-200 bg-stone-100 px-4 py-3 text-lg text-stone-800"
                />
                <p id={`${field}-locked`} className="mt-1 text-sm text-stone-600">
                  {t.locked}
                </p>
              </>
            )}
            {isInvalid && (
              <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
                {t.errors[field]}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" disabled={isPending} className={primaryButton}>
        {t.continue}
      </button>
    </form>
  );
}
