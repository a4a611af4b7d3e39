// Contract section 6: money moves at a Pix PSP, a bank or a payment initiator, reached through
// this interface. Domain code asks for a provider and never knows which one it is.
//
// Every call that moves money carries an id the gateway generated and stored first (the charge's
// txid, the refund's id, the payout's transfer id), so a call repeated after a timeout or a crash
// is the same operation at the provider, never a second one. Queries return what the provider
// knows, in the gateway's terms; nothing here writes to the database.

export type ProviderName = "sandbox" | "api_pix";

export type PixChargeRequest = {
  /** 26 to 35 letters and digits for a dynamic charge (API Pix), at most 25 for a static code. */
  txid: string;
  amountCents: bigint;
  /** Seconds the charge can be paid, counted from its creation at the provider. */
  expiresInSeconds: number;
  /** Sent only when both are valid: the payer's bank shows the charge is for them. */
  payer?: { cpf: string; name: string };
  /** Shown to the payer by their bank (solicitacaoPagador). */
  description?: string;
};

export type PixCharge = {
  /** The amount the provider holds the charge for: checked against the deposit before it is shown. */
  amountCents: bigint;
  /** The BR Code the customer's bank app reads (Pix copy-and-paste text). */
  qrCodeText: string;
  /** The PSP's payload location inside a dynamic BR Code; none for a static one. */
  location: string | null;
};

/** A charge as the provider sees it now. */
export type PixChargeState =
  | { status: "active"; charge: PixCharge }
  | { status: "paid"; charge: PixCharge; payments: ReceivedPix[] }
  /** Expired or removed at the provider: it can no longer be paid. */
  | { status: "closed"; charge: PixCharge | null };

export type ProviderRefundStatus = "pending" | "completed" | "failed";

/**
 * Why the money went back, as the PSP says (API Pix natureza): original and withdrawal are the
 * receiver's own devolucoes (asked by the gateway, or in the PSP's portal); med_fraud and
 * med_operational are claw-backs of the Special Return Mechanism, started by the payer's bank.
 * Null when the PSP does not say or says something unknown.
 */
export type ProviderRefundNature = "original" | "withdrawal" | "med_fraud" | "med_operational" | null;

export type ProviderRefund = {
  /** The gateway's refund id (the devolucao id). */
  refundId: string;
  status: ProviderRefundStatus;
  amountCents: bigint;
  /** The PSP's return transaction id, once it has one. */
  providerRefundId: string | null;
  /** Why it failed, as the provider says it. */
  failureReason: string | null;
  nature: ProviderRefundNature;
};

/** A Pix the provider received, as confirmed by querying it (never taken from a notification). */
export type ReceivedPix = {
  endToEndId: string;
  /** The charge it paid; null for a Pix sent to the key without a charge. */
  txid: string | null;
  amountCents: bigint;
  paidAt: Date;
  refunds: ProviderRefund[];
};

export type PaymentProvider = {
  /** Stored on each transaction, so it is settled by the provider that issued it. */
  name: ProviderName;
  /** Whether anyone but the provider may declare its deposits paid (the sandbox only). */
  canSimulatePayments: boolean;
  /** Longest txid it takes: the charge ids the gateway generates fit it. */
  txidLength: number;
  /**
   * Creates the charge for one deposit, or answers the one already created under this txid
   * (a call repeated after a timeout or a crash).
   */
  createPixCharge(request: PixChargeRequest): Promise<PixCharge>;
  /** The charge under this txid, or null when the provider has none. */
  findPixCharge(txid: string): Promise<PixChargeState | null>;
  /** The Pix received under this end-to-end id, or null when the provider knows none. */
  findReceivedPix(endToEndId: string): Promise<ReceivedPix | null>;
  /** The Pix received in a window, for reconciliation. */
  listReceivedPix(window: { from: Date; to: Date }): Promise<ReceivedPix[]>;
  /** Asks for a refund of a received Pix under the gateway's refund id; repeating it is harmless. */
  requestRefund(request: {
    endToEndId: string;
    refundId: string;
    amountCents: bigint;
    description?: string;
  }): Promise<ProviderRefund>;
  /** The refund under the gateway's refund id, or null when the provider has none. */
  findRefund(request: { endToEndId: string; refundId: string }): Promise<ProviderRefund | null>;
  /**
   * Carries out an operator's marking of a payout: completed (the money was sent) or canceled.
   * The transfer id is the idempotency key. Throws when the provider refuses.
   */
  settlePayout(request: { transferId: string; outcome: "completed" | "canceled" }): Promise<void>;
};
