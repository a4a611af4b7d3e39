import { type ErrorCode, type FieldError } from "./app-error";
import { toAppError } from "./to-app-error";

/** What a console form shows when its server action is refused: the code, the detail and each field's problem. */
export type FormFailure = { status: "error"; code: ErrorCode; detail: string; fields: FieldError[] };

/**
 * A refusal as a form's state. Anything else is rethrown: the unexpected stays a 500 with nothing
 * shown, and Next.js's own redirect and not-found signals pass through.
 */
export function toFormFailure(error: unknown): FormFailure {
  const known = toAppError(error);
  if (!known) throw error;
  return { status: "error", code: known.code, detail: known.detail, fields: known.fields ?? [] };
}
