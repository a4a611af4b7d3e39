import { recordAuditEvent } from "../audit/record-audit-event";
import type { Actor } from "../access/actor";
import { getDb } from "../db/client";
import type { Keyset } from "../db/keyset";
import { listLedgerEntries } from "../db/ledger";
import type { MerchantMode } from "../db/merchants";
import { findMerchantInScope } from "../merchants/find-merchant-in-scope";
import { formatAmountDot } from "../money/format-amount";
import { csvCell } from "../listing/csv-cell";

const BATCH = 1000;

const header = [
  "created_at",
  "entry_id",
  "kind",
  "available_change",
  "reserved_change",
  "available_after",
  "reserved_after",
  "transaction_id",
  "memo",
];

/**
 * A merchant's ledger in one mode as CSV, oldest first, with the balance after each entry: read a
 * batch at a time, so memory stays flat whatever its length. Amounts are ours and written as
 * numbers ("-10.50"); only text that came from elsewhere goes through csvCell's formula guard.
 * The export is audited before the first row is read.
 */
export async function exportLedger(actor: Actor, merchantId: string, requestedMode?: MerchantMode) {
  const merchant = await findMerchantInScope(actor, merchantId);
  const mode = requestedMode ?? merchant.mode;
  await recordAuditEvent(getDb(), {
    actor,
    action: "ledger.exported",
    targetType: "merchant",
    targetId: merchant.id,
    merchantId: merchant.id,
    ip: actor.ip,
    detail: { mode },
  });
  const rows = (async function* () {
    // A byte-order mark: Excel reads UTF-8 accents only with one.
    yield `\ufeff${header.join(",")}\r\n`;
    let available = 0n;
    let reserved = 0n;
    let cursor: Keyset | undefined;
    for (;;) {
      const entries = await listLedgerEntries(getDb(), {
        merchantId: merchant.id,
        mode,
        page: { cursor, direction: "newer", limit: BATCH },
      });
      const lines = entries.map((entry) => {
        available += entry.availableDeltaCents;
        reserved += entry.reservedDeltaCents;
        return [
          entry.createdAt.toISOString(),
          entry.id,
          entry.kind,
          formatAmountDot(entry.availableDeltaCents),
          formatAmountDot(entry.reservedDeltaCents),
          formatAmountDot(available),
          formatAmountDot(reserved),
          entry.transactionId ?? "",
          csvCell(entry.memo ?? ""),
        ].join(",");
      });
      if (lines.length > 0) yield `${lines.join("\r\n")}\r\n`;
      if (entries.length < BATCH) return;
      cursor = entries[entries.length - 1];
    }
  })();
  return { filename: `ledger-${merchant.id}-${mode}.csv`, rows };
}
