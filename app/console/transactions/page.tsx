import type { Metadata } from "next";
import { ConsolePageHeader } from "@/components/console/page-header";
import { TransactionFiltersForm } from "@/components/console/transactions/transaction-filters";
import { TransactionsTable } from "@/components/console/transactions/transactions-table";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { getConsoleLocale } from "@/lib/console/console-locale";
import { refusePage } from "@/lib/console/refuse-page";
import { requireActor } from "@/lib/console/require-actor";
import { transactionsMessages } from "@/lib/i18n/console-transactions";
import { listConsoleMerchants } from "@/lib/merchants/list-console-merchants";
import { filtersOf, transactionListSearch, transactionQuerySchema } from "@/lib/console-transactions/console-schemas";
import { listTransactions } from "@/lib/console-transactions/list-transactions";
import { queryParam } from "@/lib/listing/query";

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  return { title: transactionsMessages[await getConsoleLocale()].title };
}

// /console/transactions - deposits, payouts and refunds: filters and search in the address, pages
// of 50 by keyset, the same filters as CSV
export default async function TransactionsPage(props: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor();
  const locale = await getConsoleLocale();
  const t = transactionsMessages[locale];
  const params = await props.searchParams;
  const parsed = transactionQuerySchema.safeParse(params);
  const typed = {
    type: queryParam(params.type),
    status: queryParam(params.status),
    merchant: queryParam(params.merchant),
    from: queryParam(params.from),
    to: queryParam(params.to),
    q: queryParam(params.q),
  };
  const merchants =
    actor.role === "operator"
      ? (await listConsoleMerchants(actor)).map((m) => ({ id: m.merchantId, name: m.name }))
      : null;
  const header = <ConsolePageHeader title={t.title} intro={t.intro} />;

  if (!parsed.success) {
    const invalid = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    return (
      <>
        {header}
        <div className="space-y-4">
          <Alert tone="error" role="alert">
            {t.invalidFilters} {invalid.map((field) => t.fieldNames[field] ?? field).join(", ")}
          </Alert>
          <TransactionFiltersForm t={t} values={typed} merchants={merchants} invalid={invalid} />
        </div>
      </>
    );
  }

  const filters = filtersOf(parsed.data);
  // Another merchant named in the address: as if it did not exist.
  const page = await listTransactions(actor, parsed.data).catch(refusePage(actor, "/console/transactions"));
  const search = transactionListSearch(filters);
  const pageHref = (cursor: { after?: string; before?: string }) =>
    `/console/transactions${transactionListSearch(filters, cursor)}`;
  return (
    <>
      <ConsolePageHeader
        title={t.title}
        intro={t.intro}
        actions={
          <a
            href={`/console/transactions/export.csv${search}`}
            className={buttonClass("secondary", "compact")}
            download
          >
            {t.exportCsv}
          </a>
        }
      />
      <div className="space-y-5">
        <TransactionFiltersForm t={t} values={filters} merchants={merchants} invalid={[]} />
        {page.rows.length === 0 ? (
          <p className="rounded-2xl border border-stone-300 bg-white p-5">{t.empty}</p>
        ) : (
          <TransactionsTable t={t} locale={locale} rows={page.rows} showsMerchant={merchants !== null} />
        )}
        {(page.previousCursor || page.nextCursor) && (
          <Pagination
            label={t.pagination}
            previous={{
              label: t.previous,
              href: page.previousCursor ? pageHref({ before: page.previousCursor }) : null,
            }}
            next={{ label: t.next, href: page.nextCursor ? pageHref({ after: page.nextCursor }) : null }}
          />
        )}
      </div>
    </>
  );
}
