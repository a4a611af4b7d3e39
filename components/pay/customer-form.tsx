import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Messages } from "@/lib/i18n/messages";
import { maskTypedCpf } from "@/lib/i18n/typed-input";

export type CustomerField = "name" | "email" | "cpf";

/**
 * The payer's details the shop sent blank or invalid (those it sent valid are shown as text by the
 * page). A value the shop sent invalid is flagged as the page opens; the CPF takes digits only and
 * its check digits are checked when the customer leaves the field (hosted-client.ts). Input names
 * are the API's.
 */
export function CustomerForm(props: {
  t: Messages;
  /** Where the form posts: the page's own address. */
  action: string;
  editable: CustomerField[];
  /** What is in the fields: the shop's invalid values, or what the customer typed. */
  values: Partial<Record<CustomerField, string>>;
  invalid: readonly string[];
  /** The answer to a submission: the keyboard goes to the first field to fix. */
  isAnswer: boolean;
}) {
  const { t } = props;
  const fields: { field: CustomerField; label: string; type: string; autoComplete: string }[] = [
    { field: "name", label: t.name, type: "text", autoComplete: "name" },
    { field: "email", label: t.email, type: "email", autoComplete: "email" },
  ];
  // Eleven digits that fail the check digits: the same words the field says when left.
  const cpfError = props.invalid.includes("cpf")
    ? (props.values.cpf ?? "").replace(/\D/g, "").length === 11
      ? t.cpfCheck
      : t.errors.cpf
    : undefined;
  return (
    <form
      action={props.action}
      method="post"
      noValidate
      className="space-y-5"
      data-once=""
      data-answered={props.isAnswer ? "" : undefined}
    >
      {props.invalid.length > 0 && (
        <Alert tone="error" role="alert">
          {t.fixErrors}
        </Alert>
      )}
      {fields
        .filter(({ field }) => props.editable.includes(field))
        .map(({ field, label, type, autoComplete }) => (
          <Field
            key={field}
            id={field}
            label={label}
            error={props.invalid.includes(field) ? t.errors[field] : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name={field}
                type={type}
                autoComplete={autoComplete}
                defaultValue={props.values[field] ?? ""}
                required
              />
            )}
          </Field>
        ))}
      {props.editable.includes("cpf") && (
        <Field id="cpf" label={t.cpf} hint="000.000.000-00" error={cpfError}>
          {(control) => (
            <>
              <Input
                {...control}
                name="cpf"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={maskTypedCpf(props.values.cpf ?? "")}
                data-cpf={t.cpfCheck}
                required
              />
              {/* Where the check digits' verdict goes (hosted-client.ts) while the server has said nothing. */}
              {!cpfError && <p id="cpf-check" hidden className="mt-1 font-medium text-red-800 dark:text-red-300" />}
            </>
          )}
        </Field>
      )}
      <Button type="submit" data-pending-label={t.sending}>
        {t.continue}
      </Button>
    </form>
  );
}
