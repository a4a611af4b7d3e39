import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { maskAccount, maskPixKey } from "../deposits/mask-customer";
import { listPayoutQueue as readPayoutQueue } from "../db/transactions";
import { findProvider } from "../providers/registry";
import { type PayoutClaim, isBeingMarked } from "../transactions/statuses";
import { RESUME_AFTER_MS } from "./mark-payout";

/** How many of the oldest payouts the queue shows at once: it is worked from the top. */
export const QUEUE_SIZE = 100;

export type QueuedPayout = {
  transferId: string;
  merchantId: string;
  merchantName: string;
  reference: string;
  mode: string;
  status: "pending" | "processing";
  amountCents: bigint;
  customerName: string | null;
  /** pix, or the bank's method name. */
  paymentMethod: string | null;
  /** The Pix key or the bank account, masked as the transaction's detail masks them. */
  destination: {
    pixKey: string | null;
    bankCode: string | null;
    branch: string | null;
    account: string | null;
    accountType: string | null;
  };
  createdAt: Date;
  /**
   * Whether its account sends it through the PSP (the account has transfers): the operator then
   * approves it, and never marks it completed. False for the sandbox, the implicit API Pix account
   * and an account that cannot be loaded.
   */
  isSentByProvider: boolean;
  /**
   * processing: when it was claimed, what for (an outcome being marked, or "transfer": being sent
   * through the PSP), and whether a marking may be resumed.
   */
  processing: { since: Date; forMs: number; outcome: PayoutClaim | null; isResumable: boolean } | null;
};

// A screen is shared: the queue shows what the operator needs to recognise the destination, and
// the transaction's detail (and its audited reveal) has the rest.
function destinationOf(payout: QueuedPayout["destination"]): QueuedPayout["destination"] {
  return {
    pixKey: payout.pixKey ? maskPixKey(payout.pixKey) : null,
    bankCode: payout.bankCode,
    branch: payout.branch,
    account: payout.account ? maskAccount(payout.account) : null,
    accountType: payout.accountType,
  };
}

/**
 * Whether each account can send, each asked once. An account that cannot be loaded (the implicit
 * one with no PSP configured, a kind this build does not know) is one that cannot send: the queue
 * still shows its payouts, with the markings, rather than failing.
 */
async function findSendingAccounts(providers: (string | null)[]): Promise<Set<string>> {
  const distinct = [...new Set(providers.filter((provider): provider is string => provider !== null))];
  const canSend = await Promise.all(
    distinct.map((provider) =>
      findProvider(provider).then(
        (found) => found.transfers !== undefined,
        () => false,
      ),
    ),
  );
  return new Set(distinct.filter((_, index) => canSend[index]));
}

/** The operators' queue: pending payouts oldest first, and those processing with how long. */
export async function listPayoutQueue(
  actor: Actor,
  options: { merchantId?: string } = {},
): Promise<{ payouts: QueuedPayout[]; total: number }> {
  assertRole(actor, "operator");
  const now = Date.now();
  const { rows, total } = await readPayoutQueue(getDb(), { merchantId: options.merchantId ?? null, limit: QUEUE_SIZE });
  const sending = await findSendingAccounts(rows.map((row) => row.provider));
  const payouts = rows.map((row): QueuedPayout => {
    const isProcessing = isBeingMarked(row.status);
    return {
      transferId: row.id,
      merchantId: row.merchantId,
      merchantName: row.merchant.name,
      reference: row.reference,
      mode: row.mode,
      status: isProcessing ? "processing" : "pending",
      amountCents: row.amountCents,
      customerName: row.customerName,
      paymentMethod: row.paymentMethod,
      destination: destinationOf(row),
      createdAt: row.createdAt,
      isSentByProvider: row.provider !== null && sending.has(row.provider),
      processing: isProcessing
        ? {
            since: row.updatedAt,
            forMs: now - row.updatedAt.getTime(),
            outcome: row.claimedOutcome,
            isResumable: now - row.updatedAt.getTime() >= RESUME_AFTER_MS,
          }
        : null,
    };
  });
  return { payouts, total };
}
