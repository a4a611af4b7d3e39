import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { BankMethod } from "@/lib/banks/bank-directory";
import type { Messages } from "@/lib/i18n/messages";
import { ParticipantMark } from "./participant-mark";

/** A bank as the choice shows it: one of the interface's five (its own mark) or another, by initials. */
export type ChoiceBank = { id: string; name: string; method: BankMethod | null };

/** Banks as buttons of one POST form: the pressed one's id is the choice. Works with no script. */
function BankButtons(props: { t: Messages; action: string; banks: ChoiceBank[]; label: string; testId: string }) {
  return (
    <form action={props.action} method="post" data-once="" aria-label={props.label} data-testid={props.testId}>
      <ul className="space-y-3">
        {props.banks.map((bank) => (
          <li key={bank.id}>
            <button
              type="submit"
              name="participante"
              value={bank.id}
              data-pending-label={props.t.sending}
              className="flex min-h-14 w-full items-center gap-3 rounded-xl border-2 border-stone-400 bg-white px-4 py-3 text-left text-lg font-semibold hover:border-brand-700 hover:bg-emerald-50 disabled:opacity-70 dark:border-stone-500 dark:bg-stone-900 dark:hover:border-emerald-400 dark:hover:bg-emerald-950"
            >
              <ParticipantMark method={bank.method} name={bank.name} />
              <span className="min-w-0 break-words">{bank.name}</span>
              <span aria-hidden="true" className="ml-auto text-stone-700 dark:text-stone-300">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}

/**
 * A live customer's bank, from the initiator's participants: the interface's five first with their
 * marks, then any other found by name through a plain GET form (filtered on the server). Each bank
 * is a button posting to autorizar, which starts the payment there and hands the customer over.
 */
export function ParticipantChoice(props: {
  t: Messages;
  /** Where a bank posts (autorizar). */
  action: string;
  /** Where the search goes (this page). */
  searchAction: string;
  lang: string | undefined;
  featured: ChoiceBank[];
  /** The other banks matching the search; null before any search. */
  found: ChoiceBank[] | null;
  query: string;
  /** Why the customer is back here, in their words; null when nothing went wrong. */
  problem: { text: string; reason: string | null } | null;
}) {
  const { t } = props;
  const words = t.liveBank;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-bold">{t.chooseBank}</h1>
        <p className="mt-1 text-stone-800 dark:text-stone-200">{words.chooseIntro}</p>
      </div>
      {props.problem && (
        <Alert tone="warning" role="alert" data-testid="bank-problem">
          <p>{props.problem.text}</p>
          {props.problem.reason && (
            <p className="mt-1 font-normal">
              {words.reason}: {props.problem.reason}
            </p>
          )}
        </Alert>
      )}
      {props.featured.length > 0 && (
        <section aria-labelledby="featured-title">
          <h2 id="featured-title" className="mb-3 text-lg font-semibold">
            {words.featured}
          </h2>
          <BankButtons
            t={t}
            action={props.action}
            banks={props.featured}
            label={words.featured}
            testId="featured-banks"
          />
        </section>
      )}
      <section aria-labelledby="search-title">
        <h2 id="search-title" className="mb-3 text-lg font-semibold">
          {words.searchTitle}
        </h2>
        <form action={props.searchAction} method="get" role="search" className="space-y-3">
          {props.lang && <input type="hidden" name="lang" value={props.lang} />}
          <div>
            <label htmlFor="bank-search" className="mb-1 block font-semibold">
              {words.searchLabel}
            </label>
            <Input
              id="bank-search"
              name="q"
              type="search"
              defaultValue={props.query}
              autoComplete="off"
              maxLength={80}
              aria-describedby="bank-search-hint"
            />
            <p id="bank-search-hint" className="mt-1 text-stone-700 dark:text-stone-300">
              {words.searchHint}
            </p>
          </div>
          <Button type="submit" variant="secondary">
            {words.search}
          </Button>
        </form>
        {props.found !== null &&
          (props.found.length === 0 ? (
            <p role="status" className="mt-4 text-stone-800 dark:text-stone-200">
              {words.noResults}
            </p>
          ) : (
            <div className="mt-4">
              <h3 className="mb-3 font-semibold">{words.results}</h3>
              <BankButtons t={t} action={props.action} banks={props.found} label={words.results} testId="found-banks" />
            </div>
          ))}
      </section>
    </div>
  );
}
