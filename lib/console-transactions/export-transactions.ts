import type { Actor } from "../access/actor";
import { csvCell } from "../listing/csv-cell";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import type { Keyset } from "../db/keyset";
import { formatAmountDot } from "../money/format-amount";
import { refundedStateOf } from "../refunds/refunded-state";
import type { TransactionFilters } from "./console-schemas";
import { type TransactionListItem, readTransactionRows, toListFilter } from "./list-transactions";

const BATCH = 1000;

const columns: [string, (row: TransactionListItem) => string][] = [
  ["created_at", (row) => row.createdAt.toISOString()],
  ["id", (row) => row.id],
  ["type", (row) => row.kind],
  ["operation", (row) => row.operation],
  ["merchant_id", (row) => row.merchantId],
  ["merchant_name", (row) => row.merchantName],
  ["reference", (row) => row.reference],
  ["deposit_id", (row) => row.depositId ?? ""],
  ["status", (row) => row.status],
  ["amount", (row) => formatAmountDot(row.amountCents)],
  ["currency", (row) => row.currency],
  ["mode", (row) => row.mode],
  ["customer_name", (row) => row.customerName ?? ""],
  ["customer_email", (row) => row.customerEmail],
  ["customer_cpf", (row) => row.customerCpf],
  ["settled_at", (row) => row.settledAt?.toISOString() ?? ""],
  // Appended, so a spreadsheet reading the columns by position keeps working; `status` stays the API's.
  ["refund_state", (row) => refundedStateOf(row) ?? ""],
  ["refunded_amount", (row) => (row.refundedCents > 0n ? formatAmountDot(row.refundedCents) : "")],
];

/**
 * The list as CSV, every row the filters select, newest first, read a batch at a time so memory
 * stays flat whatever the count. Customer e-mail and CPF are masked as on the page: an export is
 * a file that travels. The export itself is audited before the first row is read.
 */
export async function exportTransactions(
  actor: Actor,
  filters: TransactionFilters,
): Promise<{ filename: string; rows: AsyncIterable<string> }> {
  const filter = toListFilter(actor, filters);
  await recordAuditEvent(getDb(), {
    actor,
    action: "transactions.exported",
    targetType: "transactions",
    targetId: null,
    merchantId: filter.merchantId,
    ip: actor.ip,
    detail: { filters },
  });
  const rows = (async function* () {
    // A byte-order mark: Excel, which operators open these in, reads UTF-8 accents only with one.
    yield `\ufeff${columns.map(([name]) => name).join(",")}\r\n`;
    let cursor: Keyset | undefined;
    for (;;) {
      const batch = await readTransactionRows(filter, { cursor, direction: "older", limit: BATCH });
      if (batch.length > 0)
        yield batch.map((row) => `${columns.map(([, cell]) => csvCell(cell(row))).join(",")}\r\n`).join("");
      if (batch.length < BATCH) return;
      cursor = batch[batch.length - 1];
    }
  })();
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  return { filename: `transactions-${filter.merchantId ?? "all"}-${day}.csv`, rows };
}
