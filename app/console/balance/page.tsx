import type { Metadata } from "next";
import { MerchantPicker } from "@/components/console/merchant-picker";
import { ConsolePageHeader } from "@/components/console/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Table, Td, Th } from "@/components/ui/table";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { balanceRows, ledgerLinks } from "@/lib/funds/balance-view";
import { listLedger } from "@/lib/funds/list-ledger";
import { listMerchantBalances } from "@/lib/funds/list-merchant-balances";
import { ledgerQuerySchema } from "@/lib/funds/schemas";
import { operationsMessages } from "@/lib/i18n/console-operations";
import { Money } from "@/components/console/money";
import { formatBrl, formatDateTime } from "@/lib/i18n/messages";
import { chooseMerchantScope } from "@/lib/merchants/find-merchant-in-scope";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";

export async function generateMetadata(): Promise<Metadata> {
  return { title: operationsMessages[await getConsoleLocale()].balance.title };
}

const signed = (cents: bigint, locale: Parameters<typeof formatBrl>[1]) =>
  cents === 0n ? "—" : <Money cents={cents} locale={locale} signed />;

export default async function BalancePage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const words = operationsMessages[locale];
  const t = words.balance;
  const parsed = ledgerQuerySchema.safeParse(await props.searchParams);
  // A mangled cursor or mode in a shared link shows the first page rather than an error.
  const query = parsed.success ? parsed.data : {};
  const refuse = refusePage(actor, "/console/balance");
  const merchantId = await (async () => chooseMerchantScope(actor, query.merchant))().catch(refuse);

  if (merchantId === null) {
    const balances = await listMerchantBalances(actor).catch(refuse);
    return (
      <>
        <ConsolePageHeader title={t.title} intro={t.operatorIntro} />
        <Table caption={t.title}>
          <thead>
            <tr>
              <Th>{words.common.merchant}</Th>
              <Th>{words.common.mode}</Th>
              <Th className="text-right">{t.available}</Th>
              <Th className="text-right">{t.reserved}</Th>
            </tr>
          </thead>
          <tbody>
            {balanceRows(balances).map((row) => (
              <tr key={`${row.merchantId}-${row.mode}`}>
                <Td label={words.common.merchant}>
                  <a href={row.href} className="font-semibold text-brand-700 underline">
                    {row.name}
                  </a>
                </Td>
                <Td label={words.common.mode}>{words.common.modes[row.mode]}</Td>
                <Td label={t.available} className="text-right tabular-nums">
                  {row.availableCents === null ? t.noBalance : formatBrl(row.availableCents, locale)}
                </Td>
                <Td label={t.reserved} className="text-right tabular-nums">
                  {row.reservedCents === null ? "—" : formatBrl(row.reservedCents, locale)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </>
    );
  }

  const [ledger, merchants] = await Promise.all([
    listLedger(actor, merchantId, { mode: query.mode, after: query.after, before: query.before }),
    actor.role === "operator" ? listConsoleMerchants(actor) : [],
  ]).catch(refuse);
  const links = ledgerLinks(ledger);
  return (
    <>
      <ConsolePageHeader
        title={t.title}
        intro={t.intro}
        actions={
          <a href={links.export} className={buttonClass("secondary", "compact")} download>
            {t.exportCsv}
          </a>
        }
      />
      {actor.role === "operator" && (
        <div className="mb-6">
          <MerchantPicker
            merchants={merchants.map((m) => ({ id: m.merchantId, name: m.name }))}
            selected={ledger.merchant.id}
            words={words.common}
            allowAll
          />
        </div>
      )}
      <h2 className="mb-3 text-xl font-bold">
        {ledger.merchant.name}{" "}
        <Badge tone={ledger.mode === "live" ? "error" : "neutral"}>{words.common.modes[ledger.mode]}</Badge>
        {ledger.otherMode && links.otherMode && (
          <a href={links.otherMode} className="ml-3 text-base font-semibold text-brand-700 underline">
            {t.otherMode(words.common.modes[ledger.otherMode])}
          </a>
        )}
      </h2>
      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <Card>
          <p className="text-stone-700">{t.available}</p>
          <p className="text-3xl font-bold tabular-nums" data-testid="balance-available">
            {formatBrl(ledger.balance.availableCents, locale)}
          </p>
        </Card>
        <Card>
          <p className="text-stone-700">{t.reserved}</p>
          <p className="text-3xl font-bold tabular-nums" data-testid="balance-reserved">
            {formatBrl(ledger.balance.reservedCents, locale)}
          </p>
        </Card>
      </div>
      <h2 className="mb-3 text-xl font-bold">{t.ledger}</h2>
      {ledger.lines.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div className="space-y-4">
          <Table caption={t.ledger}>
            <thead>
              <tr>
                <Th>{t.createdAt}</Th>
                <Th>{t.kind}</Th>
                <Th className="text-right">{t.availableChange}</Th>
                <Th className="text-right">{t.availableAfter}</Th>
                <Th className="text-right">{t.reservedChange}</Th>
                <Th className="text-right">{t.reservedAfter}</Th>
                <Th>{t.transaction}</Th>
              </tr>
            </thead>
            <tbody>
              {ledger.lines.map((line) => (
                <tr key={line.id}>
                  <Td label={t.createdAt} className="whitespace-nowrap">
                    {formatDateTime(line.createdAt, locale)}
                  </Td>
                  <Td label={t.kind}>
                    {t.kinds[line.kind]}
                    {line.memo && <div className="text-xs text-stone-700">{line.memo}</div>}
                  </Td>
                  <Td label={t.availableChange} className="text-right whitespace-nowrap tabular-nums">
                    {signed(line.availableDeltaCents, locale)}
                  </Td>
                  <Td label={t.availableAfter} className="text-right whitespace-nowrap tabular-nums">
                    {formatBrl(line.availableAfterCents, locale)}
                  </Td>
                  <Td label={t.reservedChange} className="text-right whitespace-nowrap tabular-nums">
                    {signed(line.reservedDeltaCents, locale)}
                  </Td>
                  <Td label={t.reservedAfter} className="text-right whitespace-nowrap tabular-nums">
                    {formatBrl(line.reservedAfterCents, locale)}
                  </Td>
                  <Td label={t.transaction}>
                    {line.transactionId ? (
                      <a
                        href={`/console/transactions/${line.transactionId}`}
                        className="font-mono text-brand-700 underline"
                      >
                        {line.transactionId}
                      </a>
                    ) : (
                      "—"
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination
            label={words.common.pagination}
            previous={{
              label: words.common.previous,
              href: links.previous,
            }}
            next={{
              label: words.common.next,
              href: links.next,
            }}
          />
        </div>
      )}
    </>
  );
}
