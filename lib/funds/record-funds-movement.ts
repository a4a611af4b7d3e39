// The merchant's ledger is append-only: every movement (credit, reserve, release, debit) is an entry
// in the mode of the money it moves, written in the transaction of the change that moves it, and a
// balance is a sum of one mode's entries (get-merchant-balance). The console's ledger pages show
// the balance after each entry: one sum through the newest, then subtraction.
import type { Tx } from "../db/client";
import { type LedgerKind, appendLedgerEntry } from "../db/ledger";
import { newId } from "../ids/new-id";

/** How each kind of movement shifts money between available and reserved. */
const effects: Record<LedgerKind, (cents: bigint) => { availableDeltaCents: bigint; reservedDeltaCents: bigint }> = {
  credit: (cents) => ({ availableDeltaCents: cents, reservedDeltaCents: 0n }),
  reserve: (cents) => ({ availableDeltaCents: -cents, reservedDeltaCents: cents }),
  release: (cents) => ({ availableDeltaCents: cents, reservedDeltaCents: -cents }),
  debit: (cents) => ({ availableDeltaCents: 0n, reservedDeltaCents: -cents }),
};

/**
 * Appends one entry to the merchant's ledger, inside the transaction that causes it, in the mode
 * of the money it moves (the transaction's mode, or the merchant's for an operator's funding).
 */
export async function recordFundsMovement(
  tx: Tx,
  movement: {
    merchantId: string;
    mode: string;
    kind: LedgerKind;
    amountCents: bigint;
    transactionId?: string;
    memo?: string;
  },
): Promise<void> {
  await appendLedgerEntry(tx, {
    id: newId("led"),
    merchantId: movement.merchantId,
    mode: movement.mode,
    kind: movement.kind,
    ...effects[movement.kind](movement.amountCents),
    transactionId: movement.transactionId,
    memo: movement.memo,
  });
}
