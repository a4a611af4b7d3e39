/**
 * Whether a transaction has an amount yet. A Gateway In link opened without one carries zero until
 * its customer types it (lib/deposits/open-gateway-in); every other amount is at least R$ 0,01.
 * Where it has none, the console writes "—" rather than "R$ 0,00", a hosted failure page's header
 * shows no amount, and the console's conversion leaves the link out (lib/db/daily-activity).
 */
export function hasAmount(transaction: { amountCents: bigint }): boolean {
  return transaction.amountCents !== 0n;
}
