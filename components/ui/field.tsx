import type { ReactNode } from "react";

/** What a control inside a Field must carry so its label, hint and error are announced with it. */
export type FieldControlProps = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

/**
 * A labelled control with an optional hint and error. The error replaces nothing: the hint stays,
 * and both are tied to the control by aria-describedby.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block font-semibold">
        {props.label}
      </label>
      {props.children({ id: props.id, "aria-invalid": Boolean(props.error), "aria-describedby": describedBy })}
      {props.error && (
        <p id={errorId} className="mt-1 font-medium text-red-800 dark:text-red-300">
          {props.error}
        </p>
      )}
      {props.hint && (
        <p id={hintId} className="mt-1 text-stone-700 dark:text-stone-300">
          {props.hint}
        </p>
      )}
    </div>
  );
}

/** Data the customer cannot change, shown as text rather than a read-only input (no tab stop). */
export function ReadOnlyField(props: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-stone-700 dark:text-stone-300">{props.label}</dt>
      <dd className="font-semibold break-words" data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}
