// Contract section 6: money moves at a Pix PSP, a bank or a payment initiator, reached through
// this interface. Domain code asks for a provider and never knows which one it is.
//
// Every call that moves money carries an id the gateway generated and stored first (the charge's
// txid, the refund's id, the payout's transfer id), so a call repeated after a timeout or a crash
// is the same operation at the provider, never a second one. Queries return what the provider
// knows, in the gateway's terms; nothing here writes to the database.
//
// Shaped by capability, as Medusa's payment providers and hyperswitch's connectors are: an adapter
// declares the rails it serves (charges, refunds, transfers) and the domain asks for a rail, never
// for a kind of PSP. Each adapter is built for one provider account (lib/providers/registry.ts).

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
  /**
   * The gateway's refund id, where the provider carries it (API Pix: the devolucao id); null where
   * the provider names a refund only by its own id (Efí's Open Finance), held in providerRefundId.
   * lib/refunds/match-provider-refunds finds the stored refund either way.
   */
  refundId: string | null;
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

/** The rails a provider account can serve; a merchant routes each to an account. */
export const RAILS = ["charges", "refunds", "payouts", "initiation"] as const;
export type Rail = (typeof RAILS)[number];

/** Pix charges and the Pix they receive. */
export type ChargeCapability = {
  /** Whether anyone but the provider may declare its deposits paid (the sandbox only). */
  canSimulatePayments: boolean;
  /**
   * Who ends an unpaid charge at its deadline. "provider": the PSP may have taken a Pix a moment
   * before, so the gateway asks it (reconciliation) and never expires such a deposit on its own.
   * "gateway": the provider keeps no state, and the gateway's sweep expires it.
   */
  expiresCharges: "provider" | "gateway";
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
};

/** Refunds (devolucoes) of Pix this account received. */
export type RefundCapability = {
  /** Asks for a refund of a received Pix under the gateway's refund id; repeating it is harmless. */
  requestRefund(request: {
    endToEndId: string;
    refundId: string;
    amountCents: bigint;
    description?: string;
  }): Promise<ProviderRefund>;
  /** The refund under the gateway's refund id, or null when the provider has none. */
  findRefund(request: { endToEndId: string; refundId: string }): Promise<ProviderRefund | null>;
};

/** Where a payout goes: the customer's Pix key, or their account at a bank (by its ISPB). */
export type TransferDestination =
  | { kind: "pix_key"; pixKey: string }
  | {
      kind: "bank_account";
      /** The bank's ISPB (8 digits), as the Pix system names institutions. */
      ispb: string;
      /** Digits only, without the branch's check digit. */
      branch: string;
      /** The account number and its check digit as the gateway stores it: "00012345-5" (the digit may be X). */
      account: string;
      /** C: conta corrente; S: conta poupanca. */
      accountType: "C" | "S";
      /** The holder, as the bank knows them: the payout's customer. Null when the request had none valid. */
      holderName: string | null;
      holderCpf: string | null;
    };

export type TransferRequest = {
  /** The payout's transfer id: the PSP's idempotency key, so a repeat is the same send. */
  transferId: string;
  amountCents: bigint;
  destination: TransferDestination;
  /** Shown to the receiver where the PSP allows. */
  description?: string;
};

/**
 * A transfer as the provider sees it. processing: accepted, no result yet (it comes by webhook or
 * a later query); completed: the money left (the end-to-end id names the Pix); failed: refused or
 * not carried out, with the PSP's reason in words a merchant can act on.
 */
export type ProviderTransfer = {
  transferId: string;
  status: "processing" | "completed" | "failed";
  amountCents: bigint;
  endToEndId: string | null;
  failureReason: string | null;
};

/** Payouts: money sent from the account to a customer. */
export type TransferCapability = {
  /**
   * Sends the payout, or answers the send already made under this transfer id. A business
   * refusal is an answer (status failed); a timeout, a 5xx or an unreadable answer throws
   * provider_unavailable, and the send is then resumed by asking findTransfer.
   */
  sendTransfer(request: TransferRequest): Promise<ProviderTransfer>;
  /** The send under this transfer id, or null when the provider has none. */
  findTransfer(transferId: string): Promise<ProviderTransfer | null>;
};

/** A bank the customer can pay from through Open Finance, as the initiator lists it. */
export type InitiationParticipant = {
  /** The initiator's id for it (Efí's identificador), what a payment names. */
  id: string;
  name: string;
  /** Its mark, an https URL the initiator publishes; null when none. */
  logoUrl: string | null;
};

export type InitiationRequest = {
  /** The gateway's id for this attempt, stored before the call: the initiator's idempotency key. */
  initiationId: string;
  /** The deposit it pays (the initiator's idProprio), so a listing names it. */
  depositId: string;
  participantId: string;
  amountCents: bigint;
  /** The payer, who approves at their bank: the deposit's customer. */
  payer: { cpf: string };
  /** Shown to the payer by their bank. */
  description?: string;
};

/**
 * A payment as the initiator sees it. pending: started, the customer has not decided yet (or the
 * bank has not settled); paid: the Pix settled at the receiving account (its end-to-end id);
 * failed: rejected at the bank, expired, canceled, with the initiator's reason.
 */
export type ProviderInitiation = {
  initiationId: string;
  /** The initiator's own id (Efí's identificadorPagamento). */
  providerPaymentId: string;
  status: "pending" | "paid" | "failed";
  /** Always known when paid; null where the initiator does not say (Efí, for a payment not accepted). */
  amountCents: bigint | null;
  endToEndId: string | null;
  failureReason: string | null;
  refunds: ProviderRefund[];
};

/** Payment initiation through Open Finance: the customer approves a Pix in their own bank's app. */
export type InitiationCapability = {
  /** The banks a customer can choose from. */
  listParticipants(): Promise<InitiationParticipant[]>;
  /**
   * Starts the payment, or answers the one already started under this initiation id. Answers where
   * the customer approves it (the bank's address) and the initiator's payment id. A business
   * refusal throws provider_error; an unknown outcome (timeout, 5xx) provider_unavailable.
   */
  startInitiation(request: InitiationRequest): Promise<{ providerPaymentId: string; redirectUrl: string }>;
  /** The payment, by the initiator's id, or null when it has none. */
  findInitiation(request: { initiationId: string; providerPaymentId: string }): Promise<ProviderInitiation | null>;
  /** Refunds part or all of a paid initiation, under the gateway's refund id; repeating it is harmless. */
  refundInitiation(request: {
    providerPaymentId: string;
    refundId: string;
    amountCents: bigint;
  }): Promise<ProviderRefund>;
  /**
   * The initiator's payment id in the address the customer comes back to from their bank (Efí
   * appends it as a query parameter), or null. Only a hint: the gateway finds the attempt it
   * stored under that id for this account, and asks the initiator before anything changes.
   */
  readReturn(query: URLSearchParams): string | null;
  /**
   * Tells the initiator where customers come back to and where its webhook is (Efí's PUT
   * /v1/config); the adapter adds the account's webhook secret its own way.
   */
  configure(urls: { returnUrl: string; webhookUrl: string }): Promise<void>;
};

/**
 * Why the payer contests a Pix, as the PSP classifies the infraction (Efí's tipoSituacao: golpe,
 * aquisição da conta, coerção, acesso fraudulento, outro, desconhecido); unknown when it does not say.
 */
export const DISPUTE_REASON_CODES = [
  "scam",
  "account_takeover",
  "coercion",
  "fraudulent_access",
  "other",
  "unknown",
] as const;
export type DisputeReasonCode = (typeof DISPUTE_REASON_CODES)[number];

/**
 * Where the PSP's analysis of an infraction stands: open (no answer yet), answered (the
 * receiver's defense is with the PSP), accepted (the payer's claim stands: the money goes back by
 * a MED devolucao), rejected (the receiver keeps it), canceled (withdrawn).
 */
export type ProviderDisputeStatus = "open" | "answered" | "accepted" | "rejected" | "canceled";

/** A MED infraction notice against a Pix this account received, as the PSP lists it. */
export type ProviderDispute = {
  /** The PSP's id for it (Efí's idInfracao): what a defense names. */
  providerDisputeId: string;
  /** The Pix it contests. */
  endToEndId: string;
  amountCents: bigint;
  status: ProviderDisputeStatus;
  /** The PSP's own word for the status, for the operator. */
  pspStatus: string;
  reasonCode: DisputeReasonCode;
  /** The payer's claim in the PSP's words (razao), when it gives one. */
  reason: string | null;
  openedAt: Date;
  /** The PSP's deadline for the receiver's answer. */
  respondBy: Date;
};

/**
 * An infraction the PSP listed whose money cannot be decided from what it said (an amount, id or
 * status that does not read): never a dispute, but never unseen either (reconciliation raises the
 * operator's alert). Its ids as far as they read, for the operator to find it at the PSP.
 */
export type UnreadableDispute = {
  providerDisputeId: string | null;
  endToEndId: string | null;
  /** What did not read, field by field, in the schema's words (never a secret: the PSP's data). */
  problem: string;
};

/** The receiver's answer: accept the claim (the money goes back) or contest it. */
export type DisputeDecision = "accept" | "contest";

/** MED infractions against the account's Pix (optional: the Central Bank's API Pix has no route for them). */
export type DisputeCapability = {
  /** The infractions opened in a window, every page of them: those read, and those that did not. */
  listDisputes(window: {
    from: Date;
    to: Date;
  }): Promise<{ disputes: ProviderDispute[]; unreadable: UnreadableDispute[] }>;
  /** One infraction by its id (opened about `openedAt`), or null when the PSP lists none. */
  findDispute(request: { providerDisputeId: string; openedAt: Date }): Promise<ProviderDispute | null>;
  /**
   * Sends the receiver's answer, and answers the infraction's status after it (and the PSP's word
   * for it): a PSP that decides later says answered. A refusal throws provider_error; no answer,
   * provider_unavailable.
   */
  submitDefense(request: {
    providerDisputeId: string;
    openedAt: Date;
    decision: DisputeDecision;
    justification: string;
  }): Promise<Pick<ProviderDispute, "status" | "pspStatus">>;
};

/** One thing a webhook call says happened: only an id, confirmed by asking before anything changes. */
export type ProviderNotice = {
  /** A Pix received (or a received Pix that changed: a devolucao), a payout's send, or an initiated payment. */
  subject: "received_pix" | "transfer" | "initiation";
  /** The end-to-end id of the received Pix, the payout's transfer id, or the initiator's payment id. */
  id: string;
  /** A digest of what the call said of it (never trusted): the same news repeated is asked about once a minute. */
  digest: string;
};

/** At most this many notices in one webhook call: each costs the gateway a query to the PSP. */
export const MAX_NOTICES = 100;

/** The request as the webhook route received it; the adapter authenticates and reads it. */
export type WebhookRequest = { url: URL; headers: Headers; body: unknown };

export type PaymentProvider = {
  /** The provider account it serves: stored on each transaction, so the account that issued it settles it. */
  accountId: string;
  /** The adapter's kind, for logs and the console. */
  kind: string;
  charges?: ChargeCapability;
  refunds?: RefundCapability;
  transfers?: TransferCapability;
  initiations?: InitiationCapability;
  disputes?: DisputeCapability;
  /**
   * Authenticates a call to this account's webhook and reads what it names (at most MAX_NOTICES;
   * an unreadable item is skipped, never the call). Throws an AppError (webhook_unauthorized,
   * validation_failed) for a call it refuses. None: the account takes no webhook.
   */
  readNotification?(request: WebhookRequest): ProviderNotice[];
  /**
   * Tells the PSP where to send this account's notifications: `url` is the account's webhook
   * address; the adapter adds the account's secret the way its PSP carries it. Answers the key
   * registered and the URL with the secret masked (for the operator's terminal).
   */
  registerWebhook?(url: string): Promise<{ chave: string; webhookUrl: string }>;
};
