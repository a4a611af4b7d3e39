import type { DisputeRowView } from "@/lib/console-disputes/dispute-row-view";
import type { DisputesMessages } from "@/lib/i18n/console-disputes";
import { formatDateTime, type Locale } from "@/lib/i18n/messages";

/** A dispute's answer as given: the decision, who gave it and when, and its text as typed. */
export function DisputeAnswer(props: {
  answer: NonNullable<DisputeRowView["answer"]>;
  words: DisputesMessages;
  locale: Locale;
}) {
  const { answer, words } = props;
  const who = answer.by && (answer.by.kind === "key" ? words.apiKey(answer.by.keyId) : answer.by.email);
  return (
    <div data-testid="dispute-answer">
      <p>
        <span className="font-semibold">{words.decisions[answer.decision] ?? answer.decision}</span>
        {who && answer.at && (
          <span className="text-sm text-stone-700">
            {" "}
            {words.answeredBy(who, formatDateTime(answer.at, props.locale))}
          </span>
        )}
      </p>
      {/* Whoever answered wrote it in their own language: not necessarily the page's. */}
      {answer.justification && (
        <p lang="" className="mt-1 whitespace-pre-line wrap-anywhere">
          {answer.justification}
        </p>
      )}
      {!answer.isConfirmed && <p className="mt-1 text-sm text-stone-700">{words.answerUnconfirmed}</p>}
    </div>
  );
}
