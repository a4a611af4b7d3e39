// Money is integer centavos everywhere; these are the ways it leaves as text or a number for the API
// and callbacks (the pages write it with lib/i18n's formatBrl and formatTypedBrl).

function split(cents: bigint): { sign: string; units: string; fraction: string } {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return { sign, units: (abs / 100n).toString(), fraction: (abs % 100n).toString().padStart(2, "0") };
}

/** "10.50": callbacks and status (compat). */
export function formatAmountDot(cents: bigint): string {
  const { sign, units, fraction } = split(cents);
  return `${sign}${units}.${fraction}`;
}

/** "10,50": Payment Initiation's response, as the spec's sample shows. */
export function formatAmountComma(cents: bigint): string {
  const { sign, units, fraction } = split(cents);
  return `${sign}${units},${fraction}`;
}

/** 10.5: Pix on-page's response. Exact for every amount below 2^53 centavos. */
export function amountToNumber(cents: bigint): number {
  return Number(formatAmountDot(cents));
}
