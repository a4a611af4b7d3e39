import type { FieldError } from "@/lib/errors/app-error";
import type { FormFailure } from "@/lib/errors/to-form-failure";
import { Alert } from "../ui/alert";

export type FailureWords = { codes: Record<string, string>; fallback: string; fieldNames: Record<string, string> };

/**
 * A refused action in the reader's language: what happened, the server's detail, and each field,
 * in the form's own words for it when it has them (`describe`), the server's otherwise.
 */
export function FormFailureAlert(props: {
  failure: FormFailure;
  words: FailureWords;
  describe?: (field: FieldError) => string;
}) {
  const { failure, words } = props;
  const describe = props.describe ?? ((field: FieldError) => field.message);
  return (
    // Details quote what was typed and addresses, which may be one long word: they wrap anywhere.
    <Alert tone="error" role="alert" className="wrap-anywhere">
      <p>{words.codes[failure.code] ?? words.fallback}</p>
      {failure.fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 font-normal">
          {failure.fields.map((field) => (
            <li key={field.path}>
              {words.fieldNames[field.path.split(".")[0]] ?? field.path}: {describe(field)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 font-normal">{failure.detail}</p>
      )}
    </Alert>
  );
}
