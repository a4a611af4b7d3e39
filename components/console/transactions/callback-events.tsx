import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { type TransactionsMessages, formatConsoleTime } from "@/lib/i18n/console-transactions";
import { deliveryErrorMessages } from "@/lib/i18n/delivery-errors";
import type { Locale } from "@/lib/i18n/messages";
import type { CallbackItem } from "@/lib/callbacks/describe-callback-event";
import { DeliveryError } from "../delivery-error";
import { ResendButton, type ResendState } from "./resend-button";
import { StatusBadge } from "./status-badge";

/**
 * Each callback reporting the transaction, with every attempt made at it: what came back and
 * when, or that it is still in flight, or that its worker stopped before an answer was recorded.
 */
export function CallbackEvents(props: {
  t: TransactionsMessages;
  locale: Locale;
  callbacks: CallbackItem[];
  /** The "reenviar" action for an event; null when the actor's role may not resend. */
  resendAction: ((eventId: string) => (state: ResendState, form: FormData) => Promise<ResendState>) | null;
}) {
  const { t, locale } = props;
  if (props.callbacks.length === 0) return <p>{t.noCallbacks}</p>;
  return (
    <div className="space-y-4">
      {props.callbacks.map((event) => (
        <Card
          key={event.eventId}
          className="space-y-3"
          data-testid="callback-event"
          data-event-id={event.eventId}
          aria-labelledby={`event-${event.eventId}`}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id={`event-${event.eventId}`} className="font-semibold">
              <span className="font-mono">{event.type}</span>{" "}
              <span className="font-mono text-sm break-all text-stone-700 dark:text-stone-300">{event.eventId}</span>
            </h3>
            <StatusBadge t={t} status={event.status} />
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-stone-700 dark:text-stone-300">{t.createdAt}</dt>
              <dd>{formatConsoleTime(event.createdAt, locale)}</dd>
            </div>
            {event.nextAttemptAt && (
              <div>
                <dt className="text-stone-700 dark:text-stone-300">{t.nextAttempt}</dt>
                <dd>{formatConsoleTime(event.nextAttemptAt, locale)}</dd>
              </div>
            )}
            {event.deliveredAt && (
              <div>
                <dt className="text-stone-700 dark:text-stone-300">{t.deliveredAt}</dt>
                <dd>{formatConsoleTime(event.deliveredAt, locale)}</dd>
              </div>
            )}
          </dl>
          {event.attempts.length === 0 ? (
            <p>{t.noAttempts}</p>
          ) : (
            <Table caption={`${t.attempts}: ${event.type}`}>
              <thead>
                <tr>
                  <Th>#</Th>
                  <Th>{t.status}</Th>
                  <Th>{t.startedAt}</Th>
                  <Th>{t.finishedAt}</Th>
                  <Th>{t.answer}</Th>
                  <Th className="text-right">{t.latency}</Th>
                </tr>
              </thead>
              <tbody>
                {event.attempts.map((attempt) => (
                  <tr key={attempt.number} data-testid="callback-attempt" data-state={attempt.state}>
                    <Td label="#">{attempt.number}</Td>
                    <Td label={t.status}>
                      <StatusBadge t={t} status={attempt.state} />
                    </Td>
                    <Td label={t.startedAt} className="whitespace-nowrap">
                      {formatConsoleTime(attempt.startedAt, locale)}
                    </Td>
                    <Td label={t.finishedAt} className="whitespace-nowrap">
                      {attempt.finishedAt ? formatConsoleTime(attempt.finishedAt, locale) : "—"}
                    </Td>
                    <Td label={t.answer} className="min-w-48">
                      <div className="font-semibold">
                        {attempt.httpStatus !== null ? (
                          `HTTP ${attempt.httpStatus}`
                        ) : attempt.errorCode || attempt.error ? (
                          <DeliveryError
                            errorCode={attempt.errorCode}
                            error={attempt.error}
                            words={deliveryErrorMessages[locale]}
                          />
                        ) : (
                          t.noAnswer
                        )}
                      </div>
                      {attempt.responseExcerpt && (
                        <pre
                          role="region"
                          tabIndex={0}
                          aria-label={t.answer}
                          className="mt-1 max-h-24 max-w-md overflow-auto rounded bg-stone-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-stone-800"
                        >
                          {attempt.responseExcerpt}
                        </pre>
                      )}
                      {attempt.url && (
                        <span className="block text-xs break-all text-stone-700 dark:text-stone-300">
                          {attempt.url}
                        </span>
                      )}
                      {attempt.keyId && (
                        <span className="block text-xs text-stone-700 dark:text-stone-300">
                          {t.signedWith} <span className="font-mono">{attempt.keyId}</span>
                        </span>
                      )}
                    </Td>
                    <Td label={t.latency} className="text-right tabular-nums">
                      {attempt.latencyMs !== null ? `${attempt.latencyMs} ms` : "—"}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <details>
            <summary className="cursor-pointer font-medium">{t.payload}</summary>
            <pre
              role="region"
              tabIndex={0}
              aria-label={t.payload}
              className="mt-2 overflow-auto rounded bg-stone-100 p-3 text-xs dark:bg-stone-800"
            >
              {JSON.stringify(event.payload, null, 2)}
            </pre>
          </details>
          {props.resendAction && (
            <ResendButton t={t} eventId={event.eventId} action={props.resendAction(event.eventId)} />
          )}
        </Card>
      ))}
    </div>
  );
}
