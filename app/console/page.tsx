import type { Metadata } from "next";
import { type Bar, BarChart } from "@/components/console/bar-chart";
import { MerchantPicker } from "@/components/console/merchant-picker";
import { DeliveryError } from "@/components/console/delivery-error";
import { ConsolePageHeader } from "@/components/console/page-header";
import { AlertActionsForm } from "@/components/console/alert-actions-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { alertView } from "@/lib/alerts/alert-view";
import { listOperatorAlerts } from "@/lib/alerts/list-operator-alerts";
import { summarizeCallbackHealth } from "@/lib/callbacks/summarize-callback-health";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { authMessages } from "@/lib/i18n/console-auth";
import { deliveryErrorMessages } from "@/lib/i18n/delivery-errors";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { type Locale, formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { queryParam } from "@/lib/listing/query";
import { chooseMerchantScope } from "@/lib/merchants/find-merchant-in-scope";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";
import { merchantModeSchema } from "@/lib/merchants/schemas";
import { type DayActivity, summarizeDailyActivity } from "@/lib/console-transactions/summarize-daily-activity";
import { findThrottleNotice } from "@/lib/users/find-throttle-notice";

import { alertAction } from "./alert-actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].overview.title };
}

/** "22/11": a day of the series as the reader writes it. */
const shortDay = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

const percent = (part: number, whole: number, locale: Locale) =>
  whole === 0
    ? "—"
    : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(part / whole);

export default async function OverviewPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.overview;
  const params = await props.searchParams;
  const mode = merchantModeSchema.safeParse(queryParam(params.mode)).data;
  const { merchant, activity, health, merchants, alerts, throttled } = await (async () => {
    const scope = chooseMerchantScope(actor, queryParam(params.merchant)) ?? undefined;
    const isOperator = actor.role === "operator";
    const [days, callbacks, all, open, notice] = await Promise.all([
      summarizeDailyActivity(actor, { merchant: scope, mode }),
      summarizeCallbackHealth(actor, { merchant: scope }),
      isOperator ? listConsoleMerchants(actor) : [],
      isOperator ? listOperatorAlerts(actor) : null,
      findThrottleNotice(actor),
    ]);
    return { merchant: scope, activity: days, health: callbacks, merchants: all, alerts: open, throttled: notice };
  })().catch(refusePage(actor, "/console"));
  const days = activity.days;
  const sum = (pick: (day: DayActivity) => number | bigint) =>
    days.reduce((total, day) => total + BigInt(pick(day)), 0n);
  const scale = (max: string) => ({
    first: shortDay(days[0].day, locale),
    max,
    last: shortDay(days[days.length - 1].day, locale),
  });
  const moneyChart = (
    id: string,
    title: string,
    counted: (count: bigint) => string,
    count: (day: DayActivity) => number,
    cents: (day: DayActivity) => bigint,
  ) => {
    const bars: Bar[] = days.map((day) => ({
      label: shortDay(day.day, locale),
      value: Number(cents(day)),
      display: `${formatBrl(cents(day), locale)} (${count(day)})`,
    }));
    const maxCents = days.reduce((max, day) => (cents(day) > max ? cents(day) : max), 0n);
    return (
      <BarChart
        id={id}
        title={title}
        summary={formatBrl(sum(cents), locale)}
        detail={counted(sum(count))}
        bars={bars}
        scale={scale(`${t.max} ${formatBrl(maxCents, locale)}`)}
        table={{
          label: t.chartData,
          columns: [t.day, t.count, t.amount],
          rows: days.map((day) => [shortDay(day.day, locale), String(count(day)), formatBrl(cents(day), locale)]),
        }}
      />
    );
  };
  const created = Number(sum((day) => day.depositsCreated));
  const createdPaid = Number(sum((day) => day.depositsCreatedPaid));
  return (
    <>
      <ConsolePageHeader
        title={t.title}
        intro={`${t.intro} ${words.common.mode}: ${words.common.modes[activity.mode]}.`}
      />
      {throttled && (
        <Alert tone="warning" className="mb-6" data-testid="throttle-notice">
          {authMessages[locale].throttleNotice(
            formatDateTime(new Date(throttled.at), locale),
            throttled.times,
            throttled.addresses,
          )}
        </Alert>
      )}
      <div className="mb-6 flex flex-wrap items-end gap-3">
        {actor.role === "operator" && (
          <MerchantPicker
            merchants={merchants.map((m) => ({ id: m.merchantId, name: m.name }))}
            selected={merchant}
            words={words.common}
            allowAll
            keep={{ mode: activity.mode }}
          />
        )}
        <nav aria-label={words.common.mode} className="flex gap-2">
          {(["sandbox", "live"] as const).map((option) => (
            <a
              key={option}
              href={`/console?${new URLSearchParams({ ...(merchant ? { merchant } : {}), mode: option })}`}
              aria-current={option === activity.mode ? "page" : undefined}
              className="rounded-xl border-2 border-stone-500 px-4 py-2 font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {words.common.modes[option]}
            </a>
          ))}
        </nav>
      </div>
      {alerts && (
        <section className="mb-8" aria-labelledby="alerts">
          <h2 id="alerts" className="mb-1 text-xl font-bold">
            {t.alerts} ({alerts.total})
          </h2>
          <p className="mb-3 text-stone-700">{t.alertsIntro}</p>
          {queryParam(params.resolved) && <Alert tone="success">{t.resolved}</Alert>}
          {queryParam(params.returned) && (
            <Alert tone="success">{t.returned(queryParam(params.returned) as string)}</Alert>
          )}
          {alerts.total === 0 ? (
            <Alert tone="success">{t.noAlerts}</Alert>
          ) : (
            <ul
              aria-label={
                alerts.total > alerts.alerts.length ? t.alertsShowing(alerts.alerts.length, alerts.total) : t.openAlerts
              }
              className="grid gap-4 lg:grid-cols-2"
            >
              {alerts.alerts.map((alert) => {
                const view = alertView(alert);
                return (
                  // min-w-0: a grid item is as wide as its longest word unless told otherwise, and a
                  // message can carry a 32-character txid path.
                  <li key={alert.id} data-alert-kind={alert.kind} className="min-w-0">
                    <Card>
                      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                        <Badge tone="warning">{t.alertKinds[alert.kind] ?? alert.kind}</Badge>
                        <span className="text-stone-700 dark:text-stone-300">
                          {formatDateTime(alert.createdAt, locale)}
                        </span>
                      </div>
                      {alert.amountCents !== null && (
                        <p className="text-2xl font-bold tabular-nums">{formatBrl(alert.amountCents, locale)}</p>
                      )}
                      <p className="my-2 break-words">
                        {alert.message}
                        {view.depositId && (
                          <>
                            {" "}
                            <a
                              href={`/console/transactions/${view.depositId}`}
                              className="font-semibold text-brand-700 underline"
                            >
                              {view.depositId}
                            </a>
                          </>
                        )}
                      </p>
                      {alert.deliveries
                        .filter((delivery) => delivery.status !== "delivered" && delivery.attempts > 0)
                        .map((delivery) => {
                          const channel = t.alertChannels[delivery.channel] ?? delivery.channel;
                          const error = delivery.lastError ?? "—";
                          return (
                            <Alert
                              key={delivery.channel}
                              tone={delivery.status === "failed" ? "error" : "warning"}
                              className="mb-2 break-words"
                              data-alert-delivery={delivery.channel}
                            >
                              {delivery.status === "failed"
                                ? t.alertNotSent(channel, error)
                                : t.alertRetrying(channel, delivery.attempts, error)}
                            </Alert>
                          );
                        })}
                      <AlertActionsForm
                        alertId={alert.id}
                        canReturn={view.canReturn}
                        amount={alert.amountCents !== null ? formatBrl(alert.amountCents, locale) : null}
                        locale={locale}
                        action={alertAction}
                      />
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          {moneyChart(
            "chart-deposits",
            t.depositsPaid,
            t.depositsCount,
            (day) => day.depositsPaid,
            (day) => day.depositsPaidCents,
          )}
        </Card>
        <Card>
          {moneyChart(
            "chart-payouts",
            t.payoutsCompleted,
            t.payoutsCount,
            (day) => day.payoutsCompleted,
            (day) => day.payoutsCompletedCents,
          )}
        </Card>
        <Card>
          <BarChart
            id="chart-conversion"
            title={t.conversion}
            summary={percent(createdPaid, created, locale)}
            detail={t.conversionOf(createdPaid, created)}
            bars={days.map((day) => ({
              label: shortDay(day.day, locale),
              value: day.depositsCreated === 0 ? 0 : day.depositsCreatedPaid / day.depositsCreated,
              display: `${percent(day.depositsCreatedPaid, day.depositsCreated, locale)} (${day.depositsCreatedPaid}/${day.depositsCreated})`,
            }))}
            top={1}
            scale={scale(`${t.max} 100%`)}
            table={{
              label: t.chartData,
              columns: [t.day, t.created, t.paid, t.rate],
              rows: days.map((day) => [
                shortDay(day.day, locale),
                String(day.depositsCreated),
                String(day.depositsCreatedPaid),
                percent(day.depositsCreatedPaid, day.depositsCreated, locale),
              ]),
            }}
          />
        </Card>
      </div>
      <section className="mt-8" aria-labelledby="callback-health">
        <h2 id="callback-health" className="mb-3 text-xl font-bold">
          {t.callbacks}
        </h2>
        <div className="mb-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[
            [t.pending, String(health.pending)],
            [t.retrying, String(health.retrying)],
            [t.failed, String(health.failed)],
            [t.oldestPending, health.oldestPendingAt ? formatDateTime(health.oldestPendingAt, locale) : "—"],
          ].map(([label, value]) => (
            <Card key={label}>
              <dl>
                <dt className="text-stone-700">{label}</dt>
                <dd className="text-2xl font-bold tabular-nums">{value}</dd>
              </dl>
            </Card>
          ))}
        </div>
        {health.failingEndpoints.length === 0 ? (
          <Alert tone="success">{t.healthy}</Alert>
        ) : (
          <Table caption={t.failingEndpoints} isCaptionVisible>
            <thead>
              <tr>
                <Th>{words.common.merchant}</Th>
                <Th>{t.endpoint}</Th>
                <Th className="text-right">{t.retrying}</Th>
                <Th className="text-right">{t.failed}</Th>
                <Th>{t.lastAnswer}</Th>
              </tr>
            </thead>
            <tbody>
              {health.failingEndpoints.map((endpoint) => (
                <tr key={endpoint.merchantId}>
                  <Td label={words.common.merchant}>
                    <a
                      href={`/console/transactions?merchant=${endpoint.merchantId}`}
                      className="font-semibold text-brand-700 underline"
                    >
                      {endpoint.merchantName}
                    </a>
                  </Td>
                  <Td label={t.endpoint} className="max-w-72 break-all">
                    {endpoint.callbackUrl ?? t.noUrl}
                  </Td>
                  <Td label={t.retrying} className="text-right tabular-nums">
                    {endpoint.retrying}
                  </Td>
                  <Td label={t.failed} className="text-right tabular-nums">
                    {endpoint.failed}
                  </Td>
                  <Td label={t.lastAnswer}>
                    {endpoint.lastFailure ? (
                      <>
                        {endpoint.lastFailure.httpStatus ? (
                          `HTTP ${endpoint.lastFailure.httpStatus}`
                        ) : (
                          <DeliveryError {...endpoint.lastFailure} words={deliveryErrorMessages[locale]} />
                        )}{" "}
                        {t.at} {formatDateTime(endpoint.lastFailure.startedAt, locale)}
                      </>
                    ) : (
                      "—"
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </>
  );
}
