// The console's transaction list as its address states it (/console/transactions?type=…&q=…): the
// same query string drives the page, the next page and the CSV export, so a filtered list can be
// shared as a link.
import { z } from "zod";
import { cursorSchema, daySchema, queryValue } from "../listing/query";
import { transactionKinds } from "../transactions/kinds";
import { depositStatuses, payoutStatuses, refundStatuses } from "../transactions/statuses";

export const consoleStatuses = [...new Set([...depositStatuses, ...payoutStatuses, ...refundStatuses])];

const cursor = cursorSchema("is not a page of this list");

export const transactionQuerySchema = z
  .object({
    type: queryValue(z.enum(transactionKinds)),
    status: queryValue(z.enum(consoleStatuses)),
    merchant: queryValue(z.string().trim().max(100)),
    from: queryValue(daySchema),
    to: queryValue(daySchema),
    q: queryValue(z.string().trim().max(200, "must be at most 200 characters")),
    after: queryValue(cursor),
    before: queryValue(cursor),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "must not be after the end date",
    path: ["from"],
  });

export type TransactionQuery = z.infer<typeof transactionQuerySchema>;
export type TransactionFilters = Omit<TransactionQuery, "after" | "before">;

/** The filter fields of a query, without its page: what a new search, the CSV and "first page" keep. */
export function filtersOf({ type, status, merchant, from, to, q }: TransactionQuery): TransactionFilters {
  return Object.fromEntries(
    Object.entries({ type, status, merchant, from, to, q }).filter(([, value]) => value !== undefined),
  );
}

/** The address of a list: the filters, and the page when there is one. */
export function transactionListSearch(
  filters: TransactionFilters,
  page: { after?: string; before?: string } = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...page })) {
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A transaction's or a callback's id, as the detail page binds them to its actions. */
const boundId = z.string().regex(/^[a-z]{2,4}_[0-9a-z]{1,40}$/);

// After the bound ids comes what useActionState passes (its last state, the form): never read.
/** "Revelar": the transaction's id. */
export const revealArguments = z.tuple([boundId], z.unknown());

/** "Reenviar": the transaction's id and its callback's. */
export const resendArguments = z.tuple([boundId, boundId], z.unknown());
