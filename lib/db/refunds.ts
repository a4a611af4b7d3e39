import type { DbOrTx } from "./client";
import type { Actor } from "./transactions";

export type RefundRecord = {
  id: string;
  merchantId: string;
  depositId: string;
  mode: string;
  status: string;
  amountCents: bigint;
  currency: string;
  description: string | null;
  requestHash: string;
  provider: string;
  isSubmitted: boolean;
  providerRefundId: string | null;
  reasonCode: string | null;
  reason: string | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A refund with what its answers and callbacks name of its deposit. */
export type RefundWithDeposit = RefundRecord & { deposit: { reference: string; pixEndToEndId: string | null } };

const withDeposit = { deposit: { select: { reference: true, pixEndToEndId: true } } } as const;

/** Inserts a pending refund with its creation event; the same request for a deposit again fails as a unique violation. */
export async function insertRefund(
  db: DbOrTx,
  row: Pick<RefundRecord, "id" | "merchantId" | "depositId" | "mode" | "amountCents" | "currency" | "description" | "requestHash" | "provider">,
): Promise<RefundWithDeposit> {
  return db.refund.create({
    data: { ...row, status: "pending", events: { create: { id: `${row.id}_0`, fromStatus: null, toStatus: "pending", actor: "merchant" } } },
    include: withDeposit,
  });
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundWithDeposit | null> {
  return db.refund.findUnique({ where: { id }, include: withDeposit });
}

/** A merchant's refund by id; never another merchant's. */
export async function findMerchantRefund(db: DbOrTx, merchantId: string, id: string): Promise<RefundWithDeposit | null> {
  return db.refund.findFirst({ where: { id, merchantId }, include: withDeposit });
}

export async function findRefundByRequest(db: DbOrTx, depositId: string, requestHash: string): Promise<RefundWithDeposit | null> {
  return db.refund.findUnique({ where: { depositId_requestHash: { depositId, requestHash } }, include: withDeposit });
}

/** What a deposit's refunds take of its amount: pending and completed ones; failed ones gave it back. */
export async function sumRefundedCents(db: DbOrTx, depositId: string): Promise<bigint> {
  const sums = await db.refund.aggregate({ where: { depositId, status: { in: ["pending", "completed"] } }, _sum: { amountCents: true } });
  return sums._sum.amountCents ?? 0n;
}

/** The provider holds the refund: a later follow-up asks about it instead of asking for it again. */
export async function markRefundSubmitted(db: DbOrTx, id: string, providerRefundId: string | null): Promise<void> {
  await db.refund.updateMany({
    where: { id, isSubmitted: false },
    data: { isSubmitted: true, ...(providerRefundId ? { providerRefundId } : {}) },
  });
}

/**
 * Moves a refund from one status to another and records who did it. Conditional on the current
 * status, so of two concurrent reports one wins; false when the status was not `from`.
 */
export async function changeRefundStatus(
  db: DbOrTx,
  change: { id: string; from: string; to: string; actor: Actor; at: Date; providerRefundId?: string | null; reasonCode?: string; reason?: string },
): Promise<boolean> {
  const { count } = await db.refund.updateMany({
    where: { id: change.id, status: change.from },
    data: {
      status: change.to,
      isSubmitted: true,
      settledAt: change.at,
      ...(change.providerRefundId ? { providerRefundId: change.providerRefundId } : {}),
      ...(change.reasonCode ? { reasonCode: change.reasonCode, reason: change.reason } : {}),
    },
  });
  if (count !== 1) return false;
  const events = await db.refundEvent.count({ where: { refundId: change.id } });
  await db.refundEvent.create({
    data: {
      id: `${change.id}_${events}`,
      refundId: change.id,
      fromStatus: change.from,
      toStatus: change.to,
      actor: change.actor,
      reasonCode: change.reasonCode,
      reason: change.reason,
      createdAt: change.at,
    },
  });
  return true;
}

/** Pending refunds created before a moment, oldest first: those whose outcome the gateway must ask for. */
export async function findPendingRefunds(db: DbOrTx, options: { createdBefore: Date; limit: number }): Promise<RefundWithDeposit[]> {
  return db.refund.findMany({
    where: { status: "pending", createdAt: { lte: options.createdBefore } },
    orderBy: { createdAt: "asc" },
    take: options.limit,
    include: withDeposit,
  });
}
