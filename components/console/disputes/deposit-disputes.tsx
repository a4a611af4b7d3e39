import type { Actor } from "@/lib/access/actor";
import { disputeRowView } from "@/lib/console-disputes/dispute-row-view";
import type { DepositDispute } from "@/lib/console-disputes/list-console-deposit-disputes";
import type { DisputesMessages } from "@/lib/i18n/console-disputes";
import { type Locale, formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { Card } from "../../ui/card";
import { DisputeAnswer } from "./dispute-answer";
import { DisputeDeadline, DisputeHeld, DisputeStatusBadge } from "./dispute-status";

/** A deposit's disputes on its page: each one's status, amount, deadline, hold and answer; answered on the disputes page. */
export function DepositDisputes(props: {
  actor: Pick<Actor, "role">;
  disputes: DepositDispute[];
  words: DisputesMessages;
  locale: Locale;
}) {
  const { words, locale } = props;
  const now = new Date();
  const brl = (cents: bigint) => formatBrl(cents, locale);
  return (
    <Card aria-labelledby="disputes">
      <h2 id="disputes" className="mb-2 text-lg font-semibold">
        {words.depositSection}
      </h2>
      <ul className="space-y-4" data-testid="deposit-disputes">
        {props.disputes.map((dispute) => {
          const view = disputeRowView(props.actor, dispute, now);
          return (
            <li key={dispute.id} className="space-y-1" data-id={dispute.id}>
              <p className="flex flex-wrap items-center gap-2">
                <DisputeStatusBadge status={dispute.status} view={view} words={words} />
                <span className="font-semibold tabular-nums">{brl(dispute.amountCents)}</span>
                <a href={`/console/disputes#${dispute.id}`} className="font-mono text-sm break-all underline">
                  {dispute.id}
                </a>
              </p>
              <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-stone-700">{words.respondBy}</dt>
                  <dd>
                    <DisputeDeadline at={formatDateTime(dispute.respondBy, locale)} view={view} words={words} />
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-stone-700">{words.held}</dt>
                  <dd>
                    <DisputeHeld view={view} words={words} format={brl} />
                  </dd>
                </div>
                {view.answer && (
                  <div className="min-w-0 sm:col-span-2">
                    <dt className="text-sm text-stone-700">{words.answer}</dt>
                    <dd>
                      <DisputeAnswer answer={view.answer} words={words} locale={locale} />
                    </dd>
                  </div>
                )}
              </dl>
              {view.offer === "form" && (
                <p>
                  <a href={`/console/disputes#${dispute.id}`} className="font-semibold text-brand-700 underline">
                    {words.openInList}
                  </a>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
