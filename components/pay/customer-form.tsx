"use client";

import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { useActionState, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Messages } from "@/lib/i18n/messages";
import { maskTypedCpf } from "@/lib/i18n/typed-input";
import { useFocusFirstInvalid } from "./use-focus-first-invalid";

type Field = "name" | "email" | "cpf";
/** What the last submission found wrong, and what was typed (React resets a form after its action). */
export type CustomerFormState = { invalid: Field[]; values?: Partial<Record<Field, string>> };

/**
 * The payer's details the shop sent blank or invalid (those it sent valid are shown as text by the
 * page). A value the shop sent invalid is flagged as the page opens; the CPF takes digits only and
 * its check digits are checked when the customer leaves the field. Input names are the API's.
 */
export function CustomerForm(props: {
  t: Messages;
  editable: Field[];
  /** The shop's invalid values, to correct. */
  values: Partial<Record<Field, string>>;
  action: (state: CustomerFormState, form: FormData) => Promise<CustomerFormState>;
}) {
  const shopInvalid = props.editable.filter((field) => (props.values[field] ?? "") !== "");
  const [state, formAction, isPending] = useActionState(props.action, { invalid: shopInvalid, values: props.values });
  const [cpf, setCpf] = useState(maskTypedCpf(state.values?.cpf ?? props.values.cpf ?? ""));
  const [isCpfWrong, setIsCpfWrong] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, state.invalid);
  const { t } = props;
  const fields: { field: Field; label: string; type: string; autoComplete: string }[] = [
    { field: "name", label: t.name, type: "text", autoComplete: "name" },
    { field: "email", label: t.email, type: "email", autoComplete: "email" },
  ];
  const cpfError = isCpfWrong ? t.cpfCheck : state.invalid.includes("cpf") ? t.errors.cpf : undefined;
  return (
    <form ref={form} action={formAction} noValidate className="space-y-5">
      {state.invalid.length > 0 && (
        <Alert tone="error" role="alert">
          {t.fixErrors}
        </Alert>
      )}
      {fields
        .filter(({ field }) => props.editable.includes(field))
        .map(({ field, label, type, autoComplete }) => (
          <Field key={field} id={field} label={label} error={state.invalid.includes(field) ? t.errors[field] : undefined}>
            {(control) => <Input {...control} name={field} type={type} autoComplete={autoComplete} defaultValue={state.values?.[field] ?? ""} required />}
          </Field>
        ))}
      {props.editable.includes("cpf") && (
        <Field id="cpf" label={t.cpf} hint="000.000.000-00" error={cpfError}>
          {(control) => (
            <Input
              {...control}
              name="cpf"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              value={cpf}
              onChange={(event) => {
                setCpf(maskTypedCpf(event.target.value));
                setIsCpfWrong(false);
              }}
              onBlur={() => setIsCpfWrong(cpf.length === 14 ? !isValidCpf(cpf) : cpf.length > 0)}
              required
            />
          )}
        </Field>
      )}
      <Button type="submit" disabled={isPending} aria-busy={isPending}>
        {isPending ? t.sending : t.continue}
      </Button>
    </form>
  );
}
