import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { FieldError } from "@/lib/errors/app-error";
import { type Locale, type Messages, withLang } from "@/lib/i18n/messages";

/** What every failure page says: closed payments, the 404, /direct's refusals. */
export type Failure = {
  title: string;
  text: string;
  /** The shop's mistakes, in the customer's words, one per field. */
  problems: string[];
  returnUrl: string | null;
  /** Folded under the code: for the shop's developers, not the customer. */
  code: string | null;
  detail: string | null;
};

export function describeFieldProblems(t: Messages, fields: FieldError[]): string[] {
  const paths = [...new Set(fields.map((f) => f.path.split(".")[0]))];
  return paths.map((path) => `${t.fieldNames[path] ?? path}: ${t.fieldProblems[path] ?? t.fieldProblems.reference}`);
}

export function notFoundFailure(t: Messages): Failure {
  return {
    title: t.notFoundTitle,
    text: t.notFoundText,
    problems: [],
    returnUrl: null,
    code: "not_found",
    detail: null,
  };
}

/**
 * The one failure template: a way back (to the shop when it is known, else to the help page) and
 * the developer's detail folded under the code. `children`: the ways on a payment still open has
 * (another bank, Pix), above the way back, which then steps aside as a secondary button.
 */
export function FailureCard(props: { locale: Locale; t: Messages; failure: Failure; children?: ReactNode }) {
  const { t, failure } = props;
  return (
    <Card aria-labelledby="failure-title">
      <h1 id="failure-title" className="text-2xl font-bold">
        {failure.title}
      </h1>
      <p className="mt-2 text-stone-800 dark:text-stone-200">{failure.text}</p>
      {failure.problems.length > 0 && (
        <Alert tone="warning" className="mt-4">
          <p>{t.shopProblems}</p>
          <ul className="mt-1 list-disc pl-5">
            {failure.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      {props.children}
      {failure.returnUrl ? (
        <ButtonLink
          href={failure.returnUrl}
          variant={props.children ? "secondary" : "primary"}
          className={props.children ? "mt-3" : "mt-5"}
        >
          {t.backToShop}
        </ButtonLink>
      ) : (
        <ButtonLink
          href={withLang("/pay/ajuda", props.locale === "en" ? "en" : undefined)}
          variant="secondary"
          className="mt-5"
        >
          {t.notFoundBack}
        </ButtonLink>
      )}
      {failure.code && (
        <details className="mt-5 text-sm text-stone-700 dark:text-stone-300">
          <summary className="cursor-pointer py-2">
            {t.errorCode}: <code>{failure.code}</code>
          </summary>
          {failure.detail && <p className="break-words">{failure.detail}</p>}
        </details>
      )}
    </Card>
  );
}
