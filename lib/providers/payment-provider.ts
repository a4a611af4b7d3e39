// Contract section 6: money moves at a Pix PSP, a bank or a payment initiator, reached through
// this interface. Routes and domain code ask for a provider and never know which one it is, so a
// real PSP adapter is one more implementation here.

export type PixCharge = {
  /** The BR Code the customer's bank app reads (Pix copy-and-paste text). */
  qrCodeText: string;
};

export type PaymentProvider = {
  /** Stored on each transaction, so it is settled by the provider that issued it. */
  name: string;
  /** Issues a charge for one deposit; txid is unique per deposit (at most 25 letters and digits). */
  createPixCharge(input: { txid: string; amountCents: bigint }): Promise<PixCharge>;
  /**
   * Carries out an operator's marking of a payout: completed (the money was sent) or canceled.
   * Throws when the provider refuses; the payout then stays pending.
   */
  settlePayout(input: { transferId: string; outcome: "completed" | "canceled" }): Promise<void>;
  /** Whether an operator may settle this provider's deposits by hand (the sandbox only). */
  canSimulatePayments: boolean;
};
