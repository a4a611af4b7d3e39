import type { DbOrTx } from "./client";

export type PspReturnRecord = {
  id: string;
  endToEndId: string;
  amountCents: bigint;
  status: string;
  provider: string;
  isSubmitted: boolean;
  providerRefundId: string | null;
  reasonCode: string | null;
  reason: string | null;
  requestedBy: string;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export async function insertPspReturn(
  db: DbOrTx,
  row: Pick<PspReturnRecord, "id" | "endToEndId" | "amountCents" | "provider" | "requestedBy">,
): Promise<PspReturnRecord> {
  return db.pspReturn.create({ data: { ...row, status: "pending" } });
}

export async function findPspReturn(db: DbOrTx, id: string): Promise<PspReturnRecord | null> {
  return db.pspReturn.findUnique({ where: { id } });
}

/** What the returns of a Pix take of it: pending and completed ones. */
export async function sumPspReturnedCents(db: DbOrTx, endToEndId: string): Promise<bigint> {
  const sums = await db.pspReturn.aggregate({
    where: { endToEndId, status: { in: ["pending", "completed"] } },
    _sum: { amountCents: true },
  });
  return sums._sum.amountCents ?? 0n;
}

export async function markPspReturnSubmitted(db: DbOrTx, id: string, providerRefundId: string | null): Promise<void> {
  await db.pspReturn.updateMany({
    where: { id, isSubmitted: false },
    data: { isSubmitted: true, ...(providerRefundId ? { providerRefundId } : {}) },
  });
}

/** Pending to final, conditionally: false when another report settled it first. */
export async function settlePspReturnRow(
  db: DbOrTx,
  change: {
    id: string;
    to: "completed" | "failed";
    at: Date;
    providerRefundId: string | null;
    reasonCode?: string;
    reason?: string;
  },
): Promise<boolean> {
  const { count } = await db.pspReturn.updateMany({
    where: { id: change.id, status: "pending" },
    data: {
      status: change.to,
      isSubmitted: true,
      settledAt: change.at,
      ...(change.providerRefundId ? { providerRefundId: change.providerRefundId } : {}),
      ...(change.reasonCode ? { reasonCode: change.reasonCode, reason: change.reason } : {}),
    },
  });
  return count === 1;
}

export async function findPendingPspReturns(
  db: DbOrTx,
  options: { createdBefore: Date; limit: number },
): Promise<PspReturnRecord[]> {
  return db.pspReturn.findMany({
    where: { status: "pending", createdAt: { lte: options.createdBefore } },
    orderBy: { createdAt: "asc" },
    take: options.limit,
  });
}
