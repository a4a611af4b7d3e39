// The console's balance page as its address states it (/console/balance?merchant=…&mode=…): the
// same query drives the page, its next pages and the CSV export.
import { z } from "zod";
import { merchantModeSchema } from "../merchants/schemas";
import { cursorSchema, queryValue } from "../listing/query";

const cursor = cursorSchema("is not a page of this ledger");

export const ledgerQuerySchema = z.object({
  merchant: queryValue(z.string().max(100)),
  mode: queryValue(merchantModeSchema),
  after: queryValue(cursor),
  before: queryValue(cursor),
});

export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;
