import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import { type TransactionsMessages, formatConsoleTime } from "@/lib/i18n/console-transactions";
import type { Locale } from "@/lib/i18n/messages";
import { refundedStateOf } from "@/lib/refunds/refunded-state";
import { hasAmount } from "@/lib/transactions/has-amount";
import type { TransactionListItem } from "@/lib/console-transactions/list-transactions";
import { SandboxBadge } from "../sandbox-badge";
import { Money } from "../money";
import { StatusBadge } from "./status-badge";

/** One page of the list. The id opens the detail; the merchant column only for operators. */
export function TransactionsTable(props: {
  t: TransactionsMessages;
  locale: Locale;
  rows: TransactionListItem[];
  showsMerchant: boolean;
}) {
  const { t, locale } = props;
  return (
    <Table caption={t.title} data-testid="transactions-table">
      <thead>
        <tr>
          <Th className="hidden sm:table-cell">{t.columns.createdAt}</Th>
          <Th className="hidden sm:table-cell">{t.columns.type}</Th>
          <Th>{t.columns.reference}</Th>
          {props.showsMerchant && <Th className="hidden md:table-cell">{t.columns.merchant}</Th>}
          <Th className="hidden lg:table-cell">{t.columns.customer}</Th>
          <Th className="text-right">{t.columns.amount}</Th>
          <Th>{t.columns.status}</Th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.id} data-testid="transaction-row" data-id={row.id}>
            <Td label={t.columns.createdAt} className="hidden whitespace-nowrap sm:table-cell">
              {formatConsoleTime(row.createdAt, locale)}
            </Td>
            <Td label={t.columns.type} className="hidden whitespace-nowrap sm:table-cell">
              {t.operations[row.operation] ?? row.operation}
            </Td>
            <Td label={t.columns.reference}>
              {/* On a phone the two hidden columns come first in the reference's cell. */}
              <span className="block text-xs text-stone-700 sm:hidden dark:text-stone-300">
                {formatConsoleTime(row.createdAt, locale)} · {t.operations[row.operation] ?? row.operation}
              </span>
              <Link href={`/console/transactions/${row.id}`} className="font-semibold break-all underline">
                {row.reference}
              </Link>
              {row.mode === "sandbox" && <SandboxBadge label={t.modes.sandbox} className="ml-2" />}
              <span className="block font-mono text-xs text-stone-700 dark:text-stone-300">{row.id}</span>
            </Td>
            {props.showsMerchant && (
              <Td label={t.columns.merchant} className="hidden md:table-cell">
                {row.merchantName}
              </Td>
            )}
            <Td label={t.columns.customer} className="hidden lg:table-cell">
              {row.customerName}
              <span className="block text-xs text-stone-700 dark:text-stone-300">{row.customerEmail}</span>
            </Td>
            <Td label={t.columns.amount} className="text-right whitespace-nowrap tabular-nums">
              {hasAmount(row) ? (
                <Money cents={row.amountCents} locale={locale} isOutgoing={row.kind !== "deposit"} />
              ) : (
                "—"
              )}
            </Td>
            <Td label={t.columns.status}>
              <StatusBadge t={t} status={refundedStateOf(row) ?? row.status} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
