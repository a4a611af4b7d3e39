import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatTimeLeft } from "@/lib/i18n/format-time-left";
import type { Messages } from "@/lib/i18n/messages";

/**
 * The Pix step, phone first: the copy button at the top (paying from this phone means copy and
 * paste), the deadline and the time left, the steps, the name the bank will show; the QR behind
 * "Pagar com outro celular?" on phones and first on wide screens. hosted-client.ts copies the
 * code, ticks the clock and follows the status (polled, and checked again the moment the customer
 * comes back from the bank's app); once it changes, the page at doneUrl says how it ended.
 */
export function PixPayment(props: {
  t: Messages;
  qrCodeImage: string;
  qrCodeText: string;
  /** The time left as the page is written, by the server's clock; the script ticks it down from there. */
  secondsLeft: number;
  /** "14:32", Brasília time. */
  deadline: string;
  receiverName: string;
  statusUrl: string;
  doneUrl: string;
}) {
  const { t } = props;
  const { secondsLeft } = props;
  const qr = (
    // eslint-disable-next-line @next/next/no-img-element -- a data URI: there is nothing for next/image to optimize
    <img
      src={props.qrCodeImage}
      alt={t.qrAlt}
      width={280}
      height={280}
      className="mx-auto size-[280px] rounded-lg bg-white p-2 [image-rendering:pixelated]"
    />
  );
  return (
    <Card
      aria-labelledby="pix-title"
      className="flex flex-col gap-4"
      data-pix=""
      data-seconds-left={secondsLeft}
      data-status-url={props.statusUrl}
      data-done-url={props.doneUrl}
    >
      <div className="hidden sm:block">{qr}</div>
      <div>
        <h1 id="pix-title" className="text-xl font-bold">
          {t.pixTitle}
        </h1>
        <p className="mt-1 text-lg">
          {t.payUntil} <strong>{props.deadline}</strong> · <span className="sr-only">{t.countdownLabel}: </span>
          <strong className="font-mono tabular-nums" data-testid="time-left">
            {formatTimeLeft(secondsLeft)}
          </strong>
        </p>
      </div>
      {/* Shown by the script that makes it work; without one, the code below is there to copy by hand. */}
      <Button data-copy="pix-code" hidden>
        {t.copyPixCode}
      </Button>
      {/* "Copied" in the flow under the button, never over the code it speaks of (a phone's short
          screen has the code right there); visible for 5 s, announced either way. */}
      <div
        role="status"
        id="copy-toast"
        data-message={t.copiedToast}
        className="sr-only -mt-2 rounded-xl bg-emerald-100 px-4 py-3 text-center font-semibold text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50"
      />
      <Alert tone="warning" role="alert" id="copy-fallback" data-testid="copy-fallback" hidden>
        {t.copyFailed}
      </Alert>
      <ol className="list-decimal space-y-1 pl-6 text-stone-800 dark:text-stone-200">
        {t.pixSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-stone-800 dark:text-stone-200">
        {t.bankShows} <strong data-testid="receiver-name">{props.receiverName}</strong>.
      </p>
      <div>
        <label htmlFor="pix-code" className="block font-semibold">
          {t.pixCodeLabel}
        </label>
        <textarea
          id="pix-code"
          readOnly
          rows={3}
          defaultValue={props.qrCodeText}
          className="mt-1 w-full resize-none rounded-xl border-2 border-stone-400 bg-stone-50 p-3 font-mono text-base break-all dark:border-stone-500 dark:bg-stone-950"
        />
      </div>
      <details className="sm:hidden">
        <summary className="flex min-h-14 cursor-pointer items-center font-semibold underline">{t.otherPhone}</summary>
        <p className="mb-3 text-stone-800 dark:text-stone-200">{t.qrHint}</p>
        {qr}
      </details>
      <p className="text-center text-stone-700 dark:text-stone-300">{t.waiting}</p>
      <noscript>
        <a href={props.doneUrl} className="block py-2 text-center underline">
          {t.checkPayment}
        </a>
      </noscript>
    </Card>
  );
}
