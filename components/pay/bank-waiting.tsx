import { Card } from "@/components/ui/card";
import { type Messages, fillText } from "@/lib/i18n/messages";

const REFRESH_SECONDS = 3;

/**
 * "Confirmando com o seu banco…" after the customer's return: hosted-client.ts asks the status
 * every few seconds and reloads this page once the bank's answer is in (the page then says how it
 * ended); without a script, a refresh inside noscript does the same (no timed refresh otherwise: a
 * screen reader's page would restart under it).
 */
export function BankWaiting(props: { t: Messages; bankName: string; statusUrl: string; selfUrl: string }) {
  const words = props.t.liveBank;
  return (
    <Card
      aria-labelledby="waiting-title"
      data-bank-wait=""
      data-status-url={props.statusUrl}
      data-done-url={props.selfUrl}
    >
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <div
        aria-hidden="true"
        className="mx-auto size-12 animate-spin rounded-full border-4 border-stone-300 border-t-brand-700 motion-reduce:animate-none dark:border-stone-600 dark:border-t-emerald-400"
      />
      <h1 id="waiting-title" className="mt-4 text-center text-xl font-bold">
        {words.waitingTitle}
      </h1>
      <p className="mt-2 text-center text-stone-800 dark:text-stone-200">
        {fillText(words.waitingText, { bank: props.bankName })}
      </p>
      <p className="mt-4 text-center">
        <a href={props.selfUrl} className="inline-block py-2 underline">
          {words.refresh}
        </a>
      </p>
    </Card>
  );
}
