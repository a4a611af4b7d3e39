import type { MerchantRecord } from "../db/merchants";
import { type TransactionListItem, narrowList, readTransactionPage } from "../console-transactions/list-transactions";
import { formatAmountDot } from "../money/format-amount";
import { parseStatus, publicPayoutStatus, storedStatusesOf } from "../transactions/statuses";
import { type TransactionListAnswer, transactionListQuerySchema } from "./schemas";

function toAnswerItem(row: TransactionListItem): TransactionListAnswer["transactions"][number] {
  return {
    id: row.id,
    type: row.kind,
    operation: row.operation,
    ...(row.kind === "payout" ? { transfer_id: row.id } : {}),
    ...(row.depositId !== null ? { deposit_id: row.depositId } : {}),
    reference: row.reference,
    status: row.kind === "payout" ? publicPayoutStatus(parseStatus("payout", row.status)) : row.status,
    amount: formatAmountDot(row.amountCents),
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/transactions: the verified merchant's deposits, payouts and refunds of its key's mode,
 * newest first, read by the console's own query (lib/console-transactions) with the console's
 * filters and keyset cursors.
 */
export async function listTransactions(options: {
  merchant: MerchantRecord;
  data: unknown;
}): Promise<{ code: number; data: TransactionListAnswer }> {
  const query = transactionListQuerySchema.parse(options.data);
  const page = await readTransactionPage(
    {
      merchantId: options.merchant.id,
      mode: options.merchant.mode,
      reference: query.reference,
      ...narrowList({ ...query, statuses: query.status ? storedStatusesOf(query.status) : undefined }),
    },
    { after: query.after, before: query.before },
    query.limit,
  );
  return {
    code: 200,
    data: {
      transactions: page.rows.map(toAnswerItem),
      next_cursor: page.nextCursor,
      previous_cursor: page.previousCursor,
    },
  };
}
