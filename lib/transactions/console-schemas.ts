// The console's transaction list as its address states it (/console/transactions?type=…&q=…): the
// same query string drives the page, the next page and the CSV export, so a filtered list can be
// shared as a link.
import { z } from "zod";
import type { Keyset } from "../db/keyset";
import { depositStatuses, payoutStatuses, refundStatuses } from "./statuses";

export const transactionKinds = ["deposit", "payout", "refund"] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/** The operations each kind of row stored in Transaction is made by. */
export const operationsOfKind = {
  deposit: ["pix", "payment_initiation", "gateway_in"],
  payout: ["gateway_out"],
} as const;

export function kindOfOperation(operation: string): TransactionKind {
  return operation === "gateway_out" ? "payout" : "deposit";
}

export const consoleStatuses = [...new Set([...depositStatuses, ...payoutStatuses, ...refundStatuses])];

/** A query value as Next.js hands it over: repeated parameters count once, blank means absent. */
export const queryValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" && first.trim() === "" ? undefined : first;
  }, schema.optional());

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date as YYYY-MM-DD", abort: true })
  // Date accepts "2026-02-30" as 2 March: a day is a date only if it reads back the same.
  .refine(
    (value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value),
    "is not a date",
  );

const cursor = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const decoded = decodeCursor(value);
    if (!decoded) ctx.addIssue({ code: "custom", message: "is not a page of this list" });
    return decoded ?? z.NEVER;
  });

export const transactionQuerySchema = z
  .object({
    type: queryValue(z.enum(transactionKinds)),
    status: queryValue(z.enum(consoleStatuses)),
    merchant: queryValue(z.string().trim().max(100)),
    from: queryValue(day),
    to: queryValue(day),
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

// A cursor is the row a page ends at, as "<createdAt in ms, base 36>.<id>": short, and only ever
// read back by decodeCursor.
export function encodeCursor(keyset: Keyset): string {
  return `${keyset.createdAt.getTime().toString(36)}.${keyset.id}`;
}

export function decodeCursor(value: string): Keyset | null {
  const match = /^([0-9a-z]{1,12})\.([a-z]{2,4}_[0-9a-z]{1,40})$/.exec(value);
  if (!match) return null;
  const createdAt = new Date(parseInt(match[1], 36));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2] };
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
