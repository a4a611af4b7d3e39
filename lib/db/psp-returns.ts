import { type ReturnStatus, initialStatus, parseStatus } from "../transactions/statuses";
import type { DbOrTx } from "./client";

export type PspReturnRecord = {
  id: string;
  endToEndId: string;
  amountCents: bigint;
  status: ReturnStatus;
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

/** A row with its status checked against lib/transactions/statuses. */
function toRecord(row: Omit<PspReturnRecord, "status"> & { status: string }): PspReturnRecord {
  return { ...row, status: parseStatus("return", row.status) };
}

export async function insertPspReturn(
  db: DbOrTx,
  row: Pick<PspReturnRecord, "id" | "endToEndId" | "amountCents" | "provider" | "requestedBy">,
): Promise<PspReturnRecord> {
  return toRecord(await db.pspReturn.create({ data: { ...row, status: initialStatus } }));
}

export async function findPspReturn(db: DbOrTx, id: string): Promise<PspReturnRecord | null> {
  const row = await db.pspReturn.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
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

export async function findPendingPspReturns(
  db: DbOrTx,
  options: { createdBefore: Date; limit: number },
): Promise<PspReturnRecord[]> {
  const rows = await db.pspReturn.findMany({
    where: { status: "pending", createdAt: { lte: options.createdBefore } },
    orderBy: { createdAt: "asc" },
    take: options.limit,
  });
  return rows.map(toRecord);
}
