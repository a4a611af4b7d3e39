// A data field the operation does not have is ignored, not refused, so a client sending a field a
// later version added, or one the gateway dropped, keeps working; the answer's warnings name it,
// so a misspelt field (refrence) is found at the first call instead of in production.
import { z } from "zod";

/** Enough to find a typo; a request of thousands of unknown keys gets a short answer. */
const MAX_NAMED = 10;
const MAX_NAME_LENGTH = 100;

/** The data fields a request schema reads: an object's keys, through its refinements and transforms. */
export function requestFieldsOf(schema: z.ZodType): ReadonlySet<string> {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return requestFieldsOf(schema.in as z.ZodType);
  throw new Error("an operation's request schema must be an object");
}

/** One warning for each field of `data` the operation does not read; empty when there is none. */
export function findUnknownFields(data: Record<string, unknown>, fields: ReadonlySet<string>): string[] {
  const unknown = Object.keys(data).filter((name) => !fields.has(name));
  const named = unknown.slice(0, MAX_NAMED).map((name) => {
    const shown = name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH)}…` : name;
    return `unknown field ${JSON.stringify(shown)} was ignored`;
  });
  const more = unknown.length - named.length;
  return more > 0 ? [...named, `${more} more unknown fields were ignored`] : named;
}
