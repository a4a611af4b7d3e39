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
  /** Whether an operator may settle this provider's deposits by hand (the sandbox only). */
  canSimulatePayments: boolean;
};
