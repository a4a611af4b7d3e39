// What every console list reads from its address: query values as Next.js hands them over, and
// the keyset cursor a page ends at. Shared by the transactions, the ledger and the audit log.
import { z } from "zod";
import type { Keyset } from "../db/keyset";
import { textProblem } from "../text/text-problem";

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

export function decodeCursor(value: string): Keyset | null {
  const match = /^([0-9a-z]{1,12})\.([a-z]{2,4}_[0-9a-z]{1,40})$/.exec(value);
  if (!match) return null;
  const createdAt = new Date(parseInt(match[1], 36));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2] };
}
