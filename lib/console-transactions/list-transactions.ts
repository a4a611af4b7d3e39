// The console's transaction list: deposits, payouts and refunds merged newest first on keyset pages
// (createdAt, id), filtered, and searched by exact match on indexed columns only, so a page costs
// the same wherever it is (bench:console). POST /api/transactions reads through the same query, so
// the API and the console cannot disagree. Beside it: export (the same rows as streamed CSV,
// audited), the detail (timeline, refunds, callbacks, a masked customer that operators may reveal,
// audited), and "Devolver" (createRefund itself, identified by the form's key).
import type { Actor } from "../access/actor";
import { getDb } from "../db/client";
import { type Keyset, type PageRequest, compareNewestFirst } from "../db/keyset";
import { readKeysetPage } from "../db/read-keyset-page";
import { listRefundsPage, sumCompletedRefundsByDeposit } from "../db/refunds";
import { type TransactionListFilter, listTransactionsPage, lowerEmail } from "../db/transactions";
import { maskCpf, maskEmail } from "../deposits/mask-customer";
import { chooseMerchantScope } from "../merchants/find-merchant-in-scope";
import { type TransactionFilters, type TransactionQuery } from "./console-schemas";
import { type TransactionKind, kindOfOperation, operationsOfKind } from "../transactions/kinds";
import { pageCursors } from "../listing/query";
import { refundStatuses } from "../transactions/statuses";

export const PAGE_SIZE = 50;

/** A row of the console's list: a deposit, a payout or a refund, the customer's e-mail and CPF masked. */
export type TransactionListItem = {
  id: string;
  kind: TransactionKind;
  /** pix, payment_initiation, gateway_in, gateway_out or refund. */
  operation: string;
  merchantId: string;
  merchantName: string;
  /** A refund's: its deposit's. */
  reference: string;
  status: string;
  mode: string;
  amountCents: bigint;
  currency: string;
  customerName: string | null;
  customerEmail: string;
  customerCpf: string;
  /** A refund's deposit. */
  depositId: string | null;
  /** What completed refunds gave back of a paid deposit (its "Devolvido"); zero for anything else. */
  refundedCents: bigint;
  createdAt: Date;
  settledAt: Date | null;
};

// Dates typed in the console are Brasília days (UTC−3 all year since 2019, when Brazil dropped
// summer time), the time the console shows.
const startOfDay = (day: string) => new Date(`${day}T00:00:00-03:00`);
const DAY_MS = 86_400_000;

const CPF_TYPED = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

export type ListFilter = TransactionListFilter & { kind?: TransactionKind };

/**
 * What the console's and the API's filters share, as the storage filter takes them: the kind
 * (deposit, payout, refund), the statuses, and the Brasília days from `from` to `to`, both included.
 */
export function narrowList(filters: {
  type?: TransactionKind;
  statuses?: readonly string[];
  from?: string;
  to?: string;
}): Pick<ListFilter, "kind" | "operations" | "statuses" | "createdFrom" | "createdBefore"> {
  return {
    kind: filters.type,
    operations: filters.type && filters.type !== "refund" ? operationsOfKind[filters.type] : undefined,
    statuses: filters.statuses,
    createdFrom: filters.from ? startOfDay(filters.from) : undefined,
    createdBefore: filters.to ? new Date(startOfDay(filters.to).getTime() + DAY_MS) : undefined,
  };
}

/** The storage filter an actor's filters come to; another merchant's id in them is a 404. */
export function toListFilter(actor: Actor, filters: TransactionFilters): ListFilter {
  const text = filters.q;
  return {
    merchantId: chooseMerchantScope(actor, filters.merchant),
    ...narrowList({ ...filters, statuses: filters.status ? [filters.status] : undefined }),
    search: text
      ? {
          text,
          emailLower: text.includes("@") ? lowerEmail(text) : null,
          cpfDigits: CPF_TYPED.test(text) ? text.replace(/\D/g, "") : null,
        }
      : undefined,
  };
}

/**
 * Up to `limit` rows past the cursor, nearest to it first, from transactions and refunds alike: each
 * table is read on its own index and the two merged, so neither costs more than a page.
 */
export async function readTransactionRows(filter: ListFilter, page: PageRequest): Promise<TransactionListItem[]> {
  const { kind, ...rest } = filter;
  // Every status a refund can have, a deposit or payout can have too; not the other way round.
  const wantsTransactions = kind !== "refund";
  const wantsRefunds =
    (kind === undefined || kind === "refund") &&
    (!rest.statuses || rest.statuses.some((status) => (refundStatuses as readonly string[]).includes(status)));
  const [transactions, refunds] = await Promise.all([
    wantsTransactions ? listTransactionsPage(getDb(), rest, page) : [],
    wantsRefunds ? listRefundsPage(getDb(), rest, page) : [],
  ]);
  const refunded = await sumCompletedRefundsByDeposit(
    getDb(),
    transactions.filter((t) => t.status === "paid").map((t) => t.id),
  );
  const rows: TransactionListItem[] = [
    ...transactions.map((t) => ({
      id: t.id,
      kind: kindOfOperation(t.operation),
      operation: t.operation,
      merchantId: t.merchantId,
      merchantName: t.merchant.name,
      reference: t.reference,
      status: t.status,
      mode: t.mode,
      amountCents: t.amountCents,
      currency: t.currency,
      customerName: t.customerName,
      customerEmail: maskEmail(t.customerEmail),
      customerCpf: maskCpf(t.customerCpf),
      depositId: null,
      refundedCents: refunded.get(t.id) ?? 0n,
      createdAt: t.createdAt,
      settledAt: t.settledAt,
    })),
    ...refunds.map((r) => ({
      id: r.id,
      kind: "refund" as const,
      operation: "refund",
      merchantId: r.merchantId,
      merchantName: r.merchant.name,
      reference: r.deposit.reference,
      status: r.status,
      mode: r.mode,
      amountCents: r.amountCents,
      currency: r.currency,
      customerName: r.deposit.customerName,
      customerEmail: maskEmail(r.deposit.customerEmail),
      customerCpf: maskCpf(r.deposit.customerCpf),
      depositId: r.depositId,
      refundedCents: 0n,
      createdAt: r.createdAt,
      settledAt: r.settledAt,
    })),
  ];
  const nearestFirst =
    page.direction === "older" ? compareNewestFirst : (a: Keyset, b: Keyset) => compareNewestFirst(b, a);
  return rows.sort(nearestFirst).slice(0, page.limit);
}

export type TransactionPage = { rows: TransactionListItem[]; nextCursor: string | null; previousCursor: string | null };

/** One page of the rows a filter selects, newest first, with the cursors of the pages on either side. */
export async function readTransactionPage(
  filter: ListFilter,
  cursors: { after?: Keyset; before?: Keyset },
  size: number,
): Promise<TransactionPage> {
  const page = await readKeysetPage((request) => readTransactionRows(filter, request), cursors, size);
  return { rows: page.rows, ...pageCursors(page) };
}

/** One page of the console's list, newest first, for what the actor may see. */
export async function listTransactions(actor: Actor, query: TransactionQuery): Promise<TransactionPage> {
  return readTransactionPage(toListFilter(actor, query), { after: query.after, before: query.before }, PAGE_SIZE);
}
