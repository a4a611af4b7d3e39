import type { ConsoleDispute } from "@/lib/console-disputes/list-console-disputes";
import type { DisputeRowView } from "@/lib/console-disputes/dispute-row-view";
import type { DisputesMessages } from "@/lib/i18n/console-disputes";
import { type Locale, formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { Card } from "../../ui/card";
import { SandboxBadge } from "../sandbox-badge";
import { type AnswerDisputeState, AnswerDisputeForm } from "./answer-dispute-form";
import { DisputeAnswer } from "./dispute-answer";
import { DisputeDeadline, DisputeHeld, DisputeStatusBadge } from "./dispute-status";

const label = "text-sm text-stone-700";

/**
 * One dispute on the console's list: its deposit, merchant (for operators), amount, reason, status,
 * deadline and hold, the answer given, and the answer form while one is awaited from someone who
 * may give it.
 */
export function DisputeCard(props: {
  dispute: ConsoleDispute;
  view: DisputeRowView;
  words: DisputesMessages;
  sandboxLabel: string;
  locale: Locale;
  action: (state: AnswerDisputeState, form: FormData) => Promise<AnswerDisputeState>;
}) {
  const { dispute, view, words, locale } = props;
  const brl = (cents: bigint) => formatBrl(cents, locale);
  return (
    <Card className="grid gap-4 lg:grid-cols-[1fr_auto]" data-testid="dispute" data-id={dispute.id}>
      <dl className="grid min-w-0 grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-3">
          <dt className={label}>{words.status}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <DisputeStatusBadge status={dispute.status} view={view} words={words} />
            {view.isSandbox && <SandboxBadge label={props.sandboxLabel} />}
            <span className="font-mono text-sm break-all">{dispute.id}</span>
          </dd>
        </div>
        <div>
          <dt className={label}>{words.amount}</dt>
          <dd className="text-lg font-bold tabular-nums">{brl(dispute.amountCents)}</dd>
        </div>
        <div>
          <dt className={label}>{words.held}</dt>
          <dd data-testid="dispute-held">
            <DisputeHeld view={view} words={words} format={brl} />
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className={label}>{words.respondBy}</dt>
          <dd data-testid="dispute-deadline">
            <DisputeDeadline at={formatDateTime(dispute.respondBy, locale)} view={view} words={words} />
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className={label}>{words.deposit}</dt>
          <dd className="break-all">
            <a href={`/console/transactions/${dispute.depositId}`} className="font-semibold text-brand-700 underline">
              {dispute.deposit.reference}
            </a>
          </dd>
        </div>
        {view.showsMerchant && (
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt className={label}>{words.merchant}</dt>
            <dd className="break-words">{dispute.merchantName}</dd>
          </div>
        )}
        <div className="col-span-2 min-w-0 sm:col-span-3">
          <dt className={label}>{words.reason}</dt>
          <dd className="wrap-anywhere">
            {words.reasons[dispute.reasonCode] ?? dispute.reasonCode}
            {/* The PSP's and the payer's words, in their own language (lang="": not the page's). */}
            {dispute.reason && (
              <span className="block text-sm">
                {words.pspWords} <q lang="">{dispute.reason}</q>
              </span>
            )}
          </dd>
        </div>
        {view.answer && (
          <div className="col-span-2 min-w-0 sm:col-span-3">
            <dt className={label}>{words.answer}</dt>
            <dd>
              <DisputeAnswer answer={view.answer} words={words} locale={locale} />
            </dd>
          </div>
        )}
      </dl>
      {view.offer && (
        <div className="min-w-0 lg:w-96">
          {view.offer === "form" ? (
            <AnswerDisputeForm disputeId={dispute.id} locale={locale} action={props.action} />
          ) : (
            <p>{words.viewerNote}</p>
          )}
        </div>
      )}
    </Card>
  );
}
