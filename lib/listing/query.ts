// What every list reads from its address or its request: query values as Next.js hands them over,
// days, and the keyset cursor a page ends at. Shared by the console's transactions, ledger and
// audit log, and by the API's lists (lib/reads).
import { z } from "zod";
import type { Keyset } from "../db/keyset";
import { textProblem } from "../text/text-problem";

/**
 * A query parameter as Next.js hands it over, for a page to show back or pass on unparsed (what a
 * filter's field held, a notice naming a payout, a merchant to check): a repeated parameter counts
 * once, blank means absent. What a page filters by is read through queryValue's schemas instead.
 */
export function queryParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() === "" ? undefined : first;
}

/**
 * A query value as Next.js hands it over: repeated parameters count once, blank means absent. A
 * NUL or a lone surrogate is refused here, as in a token's claims: PostgreSQL cannot compare text
 * holding one, and the page would answer 500 instead of naming the filter.
 */
export const queryValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, context) => {
    const first = Array.isArray(value) ? value[0] : value;
    const problem = typeof first === "string" ? textProblem(first) : null;
    if (problem) {
      context.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return typeof first === "string" && first.trim() === "" ? undefined : first;
  }, schema.optional());

// A cursor is the row a page ends at, as "<createdAt in ms, base 36>.<id>": short, and only ever
// read back by decodeCursor.
export function encodeCursor(keyset: Keyset): string {
  return `${keyset.createdAt.getTime().toString(36)}.${keyset.id}`;
}

/** The cursors of the pages on either side of one (lib/db/read-keyset-page), as a list answers them: null at either end. */
export function pageCursors(page: { olderFrom: Keyset | null; newerFrom: Keyset | null }): {
  nextCursor: string | null;
  previousCursor: string | null;
} {
  return {
    nextCursor: page.olderFrom && encodeCursor(page.olderFrom),
    previousCursor: page.newerFrom && encodeCursor(page.newerFrom),
  };
}

export function decodeCursor(value: string): Keyset | null {
  const match = /^([0-9a-z]{1,12})\.([a-z]{2,4}_[0-9a-z]{1,40})$/.exec(value);
  if (!match) return null;
  const createdAt = new Date(parseInt(match[1], 36));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2] };
}

/** A cursor as a list answered it, read back to the row it names; `refusal` says which list it is not a page of. */
export const cursorSchema = (refusal: string) =>
  z
    .string({ error: refusal })
    .max(200, refusal)
    .transform((value, ctx) => {
      const decoded = decodeCursor(value);
      if (!decoded) ctx.addIssue({ code: "custom", message: refusal });
      return decoded ?? z.NEVER;
    });

/** A day as YYYY-MM-DD. */
export const daySchema = z
  .string({ error: "must be a date as YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date as YYYY-MM-DD", abort: true })
  // Date accepts "2026-02-30" as 2 March: a day is a date only if it reads back the same.
  .refine(
    (value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value),
    "is not a date",
  );
