import type { Actor } from "../access/actor";
import { getDb } from "../db/client";
import {
  type Balance,
  type LedgerEntryRecord,
  hasLedgerEntries,
  listLedgerEntries,
  readMerchantBalance,
  sumMerchantLedgerThrough,
} from "../db/ledger";
import type { MerchantMode } from "../db/merchants";
import { readKeysetPage } from "../db/read-keyset-page";
import { findMerchantInScope } from "../merchants/find-merchant-in-scope";
import type { LedgerQuery } from "./schemas";

export const LEDGER_PAGE_SIZE = 50;

export type LedgerLine = LedgerEntryRecord & { availableAfterCents: bigint; reservedAfterCents: bigint };

/**
 * Each entry with the balance right after it, newest first: the newest entry's is the sum of the
 * ledger through it (one aggregate on the merchant's index), each older one's the newer one's
 * minus the newer entry's own movement.
 */
async function withRunningBalance(
  entries: LedgerEntryRecord[],
  through: (entry: LedgerEntryRecord) => Promise<Balance>,
): Promise<LedgerLine[]> {
  if (entries.length === 0) return [];
  let after = await through(entries[0]);
  return entries.map((entry) => {
    const line = { ...entry, availableAfterCents: after.availableCents, reservedAfterCents: after.reservedCents };
    after = {
      availableCents: after.availableCents - entry.availableDeltaCents,
      reservedCents: after.reservedCents - entry.reservedDeltaCents,
    };
    return line;
  });
}

/**
 * A merchant's balance in one mode (the merchant's own unless asked) and one page of its ledger
 * with the running balance. A merchant user sees only their own merchant.
 */
export async function listLedger(actor: Actor, merchantId: string, query: Omit<LedgerQuery, "merchant">) {
  const merchant = await findMerchantInScope(actor, merchantId);
  const mode: MerchantMode = query.mode ?? merchant.mode;
  const otherMode: MerchantMode = mode === "live" ? "sandbox" : "live";
  const db = getDb();
  const scope = { merchantId: merchant.id, mode };
  const [page, balance, hasOtherMode] = await Promise.all([
    readKeysetPage((request) => listLedgerEntries(db, { ...scope, page: request }), query, LEDGER_PAGE_SIZE),
    readMerchantBalance(db, merchant.id, mode),
    hasLedgerEntries(db, merchant.id, otherMode),
  ]);
  return {
    merchant: { id: merchant.id, name: merchant.name, mode: merchant.mode },
    mode,
    otherMode: hasOtherMode || merchant.mode === otherMode ? otherMode : null,
    balance,
    lines: await withRunningBalance(page.rows, (entry) => sumMerchantLedgerThrough(db, { ...scope, through: entry })),
    olderFrom: page.olderFrom,
    newerFrom: page.newerFrom,
  };
}
