import type { Metadata } from "next";
import { ConsolePageHeader } from "@/components/console/page-header";
import { MarkPayoutForm } from "@/components/console/mark-payout-form";
import { MerchantPicker } from "@/components/console/merchant-picker";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";
import { chooseMerchantScope } from "@/lib/merchants/find-merchant-in-scope";
import { findApprovedPayoutOutcome, findQueuedPayoutOutcome } from "@/lib/payouts/find-queued-payout-outcome";
import { listPayoutQueue } from "@/lib/payouts/list-payout-queue";
import { queuedPayoutView } from "@/lib/payouts/queued-payout-view";
import { queryParam } from "@/lib/listing/query";
import { approvePayoutAction, markPayoutAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].payouts.title };
}

export default async function PayoutsPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.payouts;
  const params = await props.searchParams;
  const marked = queryParam(params.marked);
  const approved = queryParam(params.approved);
  const { merchantId, queue, merchants, outcome, approval } = await (async () => {
    const scope = chooseMerchantScope(actor, queryParam(params.merchant)) ?? undefined;
    const [payouts, all, found, sent] = await Promise.all([
      listPayoutQueue(actor, { merchantId: scope }),
      listConsoleMerchants(actor),
      marked ? findQueuedPayoutOutcome(actor, marked) : null,
      approved ? findApprovedPayoutOutcome(actor, approved) : null,
    ]);
    return { merchantId: scope, queue: payouts, merchants: all, outcome: found, approval: sent };
  })().catch(refusePage(actor, "/console/payouts"));
  return (
    <>
      <ConsolePageHeader title={t.title} intro={t.intro} />
      {outcome && (
        <Alert tone="success" role="status" className="mb-4">
          {t.marked[outcome.status](outcome.transferId)}
        </Alert>
      )}
      {approval && (
        <Alert tone={approval.status === "canceled" ? "warning" : "success"} role="status" className="mb-4">
          <p>{t.approved[approval.status](approval.transferId)}</p>
          {approval.reason && (
            <p className="mt-1 font-normal break-words">
              {t.pspReason}: {approval.reason}
            </p>
          )}
        </Alert>
      )}
      <MerchantPicker
        merchants={merchants.map((m) => ({ id: m.merchantId, name: m.name }))}
        selected={merchantId}
        words={words.common}
        allowAll
      />
      {queue.payouts.length === 0 ? (
        <p className="mt-6">{t.empty}</p>
      ) : (
        <>
          {queue.total > queue.payouts.length && <p className="mt-4">{t.showing(queue.payouts.length, queue.total)}</p>}
          <ol className="mt-4 space-y-3" aria-label={t.title}>
            {queue.payouts.map((payout) => {
              const view = queuedPayoutView(payout);
              return (
                <li key={payout.transferId}>
                  <Card className="grid gap-4 lg:grid-cols-[1fr_auto]" data-testid={`payout-${payout.transferId}`}>
                    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
                      {/* A whole row: a status badge ("Em processamento há 12 min") is wider than a column at 390 px. */}
                      <div className="col-span-2 sm:col-span-3">
                        <dt className="text-sm text-stone-700">{t.status}</dt>
                        <dd className="flex flex-wrap gap-2">
                          {view.badge.kind === "processing" ? (
                            <Badge tone="warning">{t.processing(view.badge.minutes)}</Badge>
                          ) : view.badge.kind === "held" ? (
                            <Badge tone="warning">{t.held}</Badge>
                          ) : (
                            <Badge tone="neutral">{t.pending}</Badge>
                          )}
                          {view.isLive ? (
                            <Badge tone="error">{words.common.modes.live}</Badge>
                          ) : (
                            <Badge tone="neutral">{words.common.modes.sandbox}</Badge>
                          )}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-sm text-stone-700">{t.amount}</dt>
                        <dd className="text-lg font-bold">{formatBrl(payout.amountCents, locale)}</dd>
                      </div>
                      <div>
                        <dt className="text-sm text-stone-700">{t.createdAt}</dt>
                        <dd>{formatDateTime(payout.createdAt, locale)}</dd>
                      </div>
                      <div>
                        <dt className="text-sm text-stone-700">{words.common.merchant}</dt>
                        <dd className="break-words">{payout.merchantName}</dd>
                      </div>
                      <div>
                        <dt className="text-sm text-stone-700">{t.reference}</dt>
                        <dd className="break-all">
                          <a
                            href={`/console/transactions/${payout.transferId}`}
                            className="font-semibold text-brand-700 underline"
                          >
                            {payout.reference}
                          </a>
                        </dd>
                      </div>
                      <div>
                        <dt className="text-sm text-stone-700">{t.beneficiary}</dt>
                        <dd className="break-words">{payout.customerName ?? "—"}</dd>
                      </div>
                      <div className="col-span-2 sm:col-span-3">
                        <dt className="text-sm text-stone-700">{t.destination}</dt>
                        <dd className="break-all">{t.describeDestination(payout.destination)}</dd>
                      </div>
                    </dl>
                    <div className="lg:w-96">
                      {view.offer.kind === "sending" ? (
                        <p>{t.sendingHint}</p>
                      ) : view.offer.kind === "wait" ? (
                        <p>{t.waitHint}</p>
                      ) : (
                        <>
                          {view.offer.isResume && (
                            <p className="mb-2 text-sm">
                              {t.claimedFor[view.offer.resumeOutcome ?? ""]} · {t.resumeHint}
                            </p>
                          )}
                          <MarkPayoutForm
                            transferId={payout.transferId}
                            reference={payout.reference}
                            resumeOutcome={view.offer.resumeOutcome}
                            merchantId={merchantId}
                            isLive={view.isLive}
                            locale={locale}
                            action={markPayoutAction}
                            approve={
                              view.offer.canApprove
                                ? {
                                    amount: formatBrl(payout.amountCents, locale),
                                    destination: t.describeDestination(payout.destination),
                                    action: approvePayoutAction,
                                  }
                                : undefined
                            }
                          />
                        </>
                      )}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </>
  );
}
