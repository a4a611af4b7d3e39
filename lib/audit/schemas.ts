import { z } from "zod";
import { cursorSchema, queryValue } from "../listing/query";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date as YYYY-MM-DD" });
const cursor = cursorSchema("is not a page of this list");

/** The audit page's filters, from its address: exact action, actor's e-mail (any case), Brasília days. */
export const auditQuerySchema = z.object({
  action: queryValue(z.string().trim().max(100)),
  actor: queryValue(
    z
      .string()
      .trim()
      .max(254)
      .transform((email) => email.toLowerCase()),
  ),
  from: queryValue(day),
  to: queryValue(day),
  after: queryValue(cursor),
  before: queryValue(cursor),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;
