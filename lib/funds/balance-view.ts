// What the console's balance page shows, decided in one place (as lib/hosted/payment-flow decides
// the hosted pages): the operators' table of every merchant's money, and where a merchant's ledger
// page leads (its other mode, its pages, its CSV), each address keeping the merchant and the mode.
import type { Keyset } from "../db/keyset";
import { encodeCursor } from "../listing/query";

export type BalanceRow = {
  merchantId: string;
  name: string;
  mode: string;
  /** The merchant's ledger in this mode. */
  href: string;
  /** Null: the merchant holds no money in any mode yet ("Sem saldo"). */
  availableCents: bigint | null;
  reservedCents: bigint | null;
};

/**
 * A row per merchant and mode it holds money in; a merchant with none yet still has its row, in
 * its own mode, so that a new merchant is seen rather than missing.
 */
export function balanceRows(
  merchants: {
    merchantId: string;
    name: string;
    mode: string;
    balances: { mode: string; availableCents: bigint; reservedCents: bigint }[];
  }[],
): BalanceRow[] {
  return merchants.flatMap(({ merchantId, name, mode, balances }) =>
    (balances.length === 0 ? [{ mode, availableCents: null, reservedCents: null }] : balances).map((balance) => ({
      merchantId,
      name,
      href: ledgerAddress(merchantId, balance.mode),
      ...balance,
    })),
  );
}

const ledgerAddress = (merchantId: string, mode: string, more: Record<string, string> = {}) =>
  `/console/balance?${new URLSearchParams({ merchant: merchantId, mode, ...more })}`;

export type LedgerLinks = {
  export: string;
  /** The merchant's other mode, when it has entries there or it is the merchant's own mode. */
  otherMode: string | null;
  previous: string | null;
  next: string | null;
};

export function ledgerLinks(ledger: {
  merchant: { id: string };
  mode: string;
  otherMode: string | null;
  newerFrom: Keyset | null;
  olderFrom: Keyset | null;
}): LedgerLinks {
  const { id } = ledger.merchant;
  return {
    export: `/console/balance/export.csv?${new URLSearchParams({ merchant: id, mode: ledger.mode })}`,
    otherMode: ledger.otherMode && ledgerAddress(id, ledger.otherMode),
    previous: ledger.newerFrom && ledgerAddress(id, ledger.mode, { before: encodeCursor(ledger.newerFrom) }),
    next: ledger.olderFrom && ledgerAddress(id, ledger.mode, { after: encodeCursor(ledger.olderFrom) }),
  };
}
