import Link from "next/link";
import type { Metadata } from "next";
import { ConsolePageHeader } from "@/components/console/page-header";
import { CallbackEvents } from "@/components/console/transactions/callback-events";
import { CustomerData } from "@/components/console/transactions/customer-data";
import { DepositDisputes } from "@/components/console/disputes/deposit-disputes";
import { SandboxBadge } from "@/components/console/sandbox-badge";
import { Money } from "@/components/console/money";
import { RefundForm } from "@/components/console/transactions/refund-form";
import { StatusBadge } from "@/components/console/transactions/status-badge";
import { Card } from "@/components/ui/card";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { listConsoleDepositDisputes } from "@/lib/console-disputes/list-console-deposit-disputes";
import { disputesMessages } from "@/lib/i18n/console-disputes";
import { formatConsoleTime, refundFormMessages, transactionsMessages } from "@/lib/i18n/console-transactions";
import { randomAlphanumeric } from "@/lib/ids/new-id";
import { formatBrl } from "@/lib/i18n/messages";
import { hasAmount } from "@/lib/transactions/has-amount";
import { type TransactionDetail, getTransactionDetail } from "@/lib/console-transactions/get-transaction-detail";
import { transactionView } from "@/lib/console-transactions/transaction-view";
import { refundDepositAction, resendCallbackAction, revealCustomerAction } from "./actions";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  return { title: `${transactionsMessages[await getConsoleLocale()].title} · ${(await props.params).id}` };
}

function Facts(props: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
      {props.rows
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-stone-700 dark:text-stone-300">{label}</dt>
            <dd className="font-semibold wrap-anywhere">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

// Another merchant's transaction is answered as one that does not exist.
const load = (actor: Awaited<ReturnType<typeof requireActor>>, id: string): Promise<TransactionDetail> =>
  getTransactionDetail(actor, id).catch(refusePage(actor, "/console/transactions/[id]"));

// /console/transactions/{id} - one deposit, payout or refund: facts, customer (masked; operators
// reveal, audited), status history, refunds, disputes, callbacks with every attempt and "reenviar"
export default async function TransactionPage(props: Props) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const t = transactionsMessages[locale];
  const { id } = await props.params;
  const detail = await load(actor, id);
  const disputes = detail.kind === "deposit" ? await listConsoleDepositDisputes(actor, detail.id) : [];
  const time = (date: Date | null) => (date ? formatConsoleTime(date, locale) : null);
  const view = transactionView(actor, detail);
  const customerRows = detail.customer
    ? ([
        ["name", t.name, detail.customer.name ?? ""],
        ["email", t.email, detail.customer.email],
        ["cpf", t.cpf, detail.customer.cpf],
        ["phone", t.phone, detail.customer.phone],
        ["buyerIp", t.buyerIp, detail.customer.buyerIp],
        ...(detail.destination
          ? ([
              ["pixKey", t.pixKey, detail.destination.pixKey],
              ["account", t.account, detail.destination.account],
            ] as const)
          : []),
      ] as const)
    : [];

  // A Gateway In link whose customer has not typed the amount has none yet.
  const amount = hasAmount(detail) ? `${view.isOutgoing ? "\u2212" : ""}${formatBrl(detail.amountCents, locale)}` : "—";
  return (
    <>
      <p className="mb-3">
        <Link href="/console/transactions" className="underline">
          ← {t.back}
        </Link>
      </p>
      <ConsolePageHeader
        title={`${t.kinds[detail.kind]} · ${amount}`}
        intro={detail.reference}
        actions={
          <div className="flex flex-wrap gap-2">
            {view.isSandbox && <SandboxBadge label={t.modes.sandbox} />}
            {view.statuses.map((status) => (
              <StatusBadge key={status} t={t} status={status} />
            ))}
          </div>
        }
      />
      <div className="space-y-5">
        <Card aria-labelledby="details">
          <h2 id="details" className="mb-3 text-lg font-semibold">
            {t.details}
          </h2>
          <Facts
            rows={[
              [
                t.columns.id,
                <span key="id" className="font-mono" data-testid="transaction-id">
                  {detail.id}
                </span>,
              ],
              [t.columns.reference, detail.reference],
              [
                t.merchant,
                view.linksMerchant ? (
                  <Link key="m" href={`/console/merchants/${detail.merchantId}`} className="underline">
                    {detail.merchantName}
                  </Link>
                ) : (
                  detail.merchantName
                ),
              ],
              [t.operation, t.operations[detail.operation] ?? detail.operation],
              [t.mode, t.modes[detail.mode] ?? detail.mode],
              [t.provider, detail.provider],
              [t.paymentMethod, detail.paymentMethod],
              [t.merchantUser, detail.merchantUser],
              [t.pixTxid, detail.pixTxid],
              [t.pixEndToEndId, detail.pixEndToEndId],
              [t.requestId, detail.requestId],
              [t.createdAt, time(detail.createdAt)],
              [t.updatedAt, time(detail.updatedAt)],
              [t.expiresAt, time(detail.expiresAt)],
              [t.settledAt, time(detail.settledAt)],
              [t.reason, view.reason],
              [t.bank, detail.destination?.bankCode],
              [t.branch, detail.destination?.branch],
              [t.accountType, detail.destination?.accountType],
            ]}
          />
        </Card>

        {detail.customer && (
          <Card aria-labelledby="customer">
            <h2 id="customer" className="mb-3 text-lg font-semibold">
              {detail.destination ? `${t.customer} · ${t.destination}` : t.customer}
            </h2>
            <CustomerData
              t={t}
              rows={customerRows.map(([key, label, masked]) => ({ key, label, masked }))}
              reveal={view.canReveal ? revealCustomerAction.bind(null, detail.id) : null}
            />
          </Card>
        )}

        {detail.deposit && (
          <Card aria-labelledby="deposit">
            <h2 id="deposit" className="mb-2 text-lg font-semibold">
              {t.deposit}
            </h2>
            <Link href={`/console/transactions/${detail.deposit.id}`} className="font-mono underline">
              {detail.deposit.id}
            </Link>
          </Card>
        )}

        {detail.kind === "deposit" && (
          <Card aria-labelledby="refunds">
            <h2 id="refunds" className="mb-2 text-lg font-semibold">
              {t.refunds}
            </h2>
            {detail.refundedCents > 0n && (
              <p className="mb-2" data-testid="refunded-total">
                {t.refunded}: <Money cents={detail.refundedCents} locale={locale} isOutgoing /> /{" "}
                {formatBrl(detail.amountCents, locale)}
              </p>
            )}
            {detail.refunds.length === 0 ? (
              <p>{t.noRefunds}</p>
            ) : (
              <ul className="space-y-2">
                {detail.refunds.map((refund) => (
                  <li key={refund.id} className="flex flex-wrap items-center gap-3">
                    <Link href={`/console/transactions/${refund.id}`} className="font-mono underline">
                      {refund.id}
                    </Link>
                    <span className="tabular-nums">
                      <Money cents={refund.amountCents} locale={locale} isOutgoing />
                    </span>
                    <StatusBadge t={t} status={refund.status} />
                    <span className="text-sm text-stone-700 dark:text-stone-300">{time(refund.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
            {view.refund === "nothing_left" && <p className="mt-2">{refundFormMessages[locale].nothingLeft}</p>}
            {view.refund === "form" && (
              <div className="mt-4 border-t border-stone-200 pt-4">
                <RefundForm
                  locale={locale}
                  depositId={detail.id}
                  reference={detail.reference}
                  refundableCents={detail.refundableCents.toString()}
                  requestKey={randomAlphanumeric(24)}
                  action={refundDepositAction}
                />
              </div>
            )}
          </Card>
        )}

        {disputes.length > 0 && (
          <DepositDisputes actor={actor} disputes={disputes} words={disputesMessages[locale]} locale={locale} />
        )}

        <Card aria-labelledby="timeline">
          <h2 id="timeline" className="mb-3 text-lg font-semibold">
            {t.timeline}
          </h2>
          <ol className="space-y-2 border-l-2 border-stone-300 pl-4 dark:border-stone-700" data-testid="timeline">
            {detail.timeline.map((entry, index) => (
              <li key={index}>
                <span className="text-sm text-stone-700 dark:text-stone-300">{time(entry.at)}</span>{" "}
                {entry.fromStatus === null ? t.created : null} <StatusBadge t={t} status={entry.toStatus} />{" "}
                <span className="text-sm">
                  {t.by} {t.actors[entry.actor] ?? entry.actor}
                </span>
                {(entry.reasonCode || entry.reason) && (
                  <span className="block text-sm text-stone-700 dark:text-stone-300">
                    {[entry.reasonCode, entry.reason].filter(Boolean).join(": ")}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </Card>

        <section aria-labelledby="callbacks" className="space-y-3">
          <h2 id="callbacks" className="text-lg font-semibold">
            {t.callbacks}
          </h2>
          <CallbackEvents
            t={t}
            locale={locale}
            callbacks={detail.callbacks}
            resendAction={view.canResend ? (eventId) => resendCallbackAction.bind(null, detail.id, eventId) : null}
          />
        </section>
      </div>
    </>
  );
}
