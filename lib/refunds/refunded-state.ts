// A paid deposit's refunds as people read them: "Devolvido" or "Parcialmente devolvido" in the
// console and on the customer's receipt. Only a display state: the deposit stays `paid` in the API
// and its callbacks (contract section 7 gives refunds their own states and ids).

export type RefundedState = "refunded" | "partially_refunded";

/** Null while nothing has been given back; refunded once completed refunds reach the amount paid. */
export function refundedStateOf(deposit: { amountCents: bigint; refundedCents: bigint }): RefundedState | null {
  if (deposit.refundedCents <= 0n) return null;
  return deposit.refundedCents >= deposit.amountCents ? "refunded" : "partially_refunded";
}
