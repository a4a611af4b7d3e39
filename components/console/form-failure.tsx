import type { FormFailure } from "@/lib/errors/to-form-failure";
import { Alert } from "../ui/alert";

export type FailureWords = { codes: Record<string, string>; fallback: string; fieldNames: Record<string, string> };

/** A refused action in the reader's language: what happened, the server's detail, and each field. */
export function FormFailureAlert(props: { failure: FormFailure; words: FailureWords }) {
  const { failure, words } = props;
  return (
    <Alert tone="error" role="alert">
      <p>{words.codes[failure.code] ?? words.fallback}</p>
      {failure.fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 font-normal">
          {failure.fields.map((field) => (
            <li key={field.path}>
              {words.fieldNames[field.path.split(".")[0]] ?? field.path}: {field.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 font-normal">{failure.detail}</p>
      )}
    </Alert>
  );
}
