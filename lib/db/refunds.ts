import { type RefundStatus, initialStatus, parseStatus } from "../transactions/statuses";
import type { DbOrTx } from "./client";
import { type PageRequest, keysetOrder, keysetWhere } from "./keyset";
import type { Actor, TransactionListFilter } from "./transactions";

export type RefundRecord = {
  id: string;
  merchantId: string;
  depositId: string;
  mode: string;
  status: RefundStatus;
  amountCents: bigint;
  currency: string;
  description: string | null;
  requestHash: string;
  provider: string;
  isSubmitted: boolean;
  providerRefundId: string | null;
  reasonCode: string | null;
  reason: string | null;
  notFoundAt: Date | null;
  settledAt: Date | null;
  /** The request that asked for it (X-Request-Id); null where none did. */
  requestId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A refund with what its answers and callbacks name of its deposit. */
export type RefundWithDeposit = RefundRecord & { deposit: { reference: string; pixEndToEndId: string | null } };

const withDeposit = { deposit: { select: { reference: true, pixEndToEndId: true } } } as const;

/** A row with its status checked against lib/transactions/statuses. */
function withRefundStatus<Row extends { status: string }>(row: Row): Omit<Row, "status"> & { status: RefundStatus } {
  return { ...row, status: parseStatus("refund", row.status) };
}

const orNull = <Row extends { status: string }>(row: Row | null) => (row ? withRefundStatus(row) : null);

/**
 * Inserts a pending refund with its creation event; the same request for a deposit again fails as
 * a unique violation. A refund the provider made on its own is created by the provider, already
 * submitted, under the provider's id for it.
 */
export async function insertRefund(
  db: DbOrTx,
  row: Pick<
    RefundRecord,
    | "id"
    | "merchantId"
    | "depositId"
    | "mode"
    | "amountCents"
    | "currency"
    | "description"
    | "requestHash"
    | "provider"
    | "requestId"
  > &
    Partial<Pick<RefundRecord, "isSubmitted" | "providerRefundId">>,
  actor: Actor = "merchant",
): Promise<RefundWithDeposit> {
  const created = await db.refund.create({
    data: {
      ...row,
      status: initialStatus,
      events: { create: { id: `${row.id}_0`, fromStatus: null, toStatus: initialStatus, actor } },
    },
    include: withDeposit,
  });
  return withRefundStatus(created);
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundWithDeposit | null> {
  return orNull(await db.refund.findUnique({ where: { id }, include: withDeposit }));
}

/** A merchant's refund by id; never another merchant's. */
export async function findMerchantRefund(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<RefundWithDeposit | null> {
  return orNull(await db.refund.findFirst({ where: { id, merchantId }, include: withDeposit }));
}

export async function findRefundByRequest(
  db: DbOrTx,
  depositId: string,
  requestHash: string,
): Promise<RefundWithDeposit | null> {
  return orNull(
    await db.refund.findUnique({ where: { depositId_requestHash: { depositId, requestHash } }, include: withDeposit }),
  );
}

/** The refunds that take a deposit's amount: pending and completed ones; failed ones gave it back. */
export const amountTakingRefundStatuses = ["pending", "completed"];

/** What a deposit's refunds take of its amount (amountTakingRefundStatuses). */
export async function sumRefundedCents(db: DbOrTx, depositId: string): Promise<bigint> {
  const sums = await db.refund.aggregate({
    where: { depositId, status: { in: amountTakingRefundStatuses } },
    _sum: { amountCents: true },
  });
  return sums._sum.amountCents ?? 0n;
}

/** The provider holds the refund: a later follow-up asks about it instead of asking for it again. */
export async function markRefundSubmitted(db: DbOrTx, id: string, providerRefundId: string | null): Promise<void> {
  // Also links a refund the provider took without naming it (Efí's devolver) once a report does.
  await db.refund.updateMany({
    where: { id, OR: [{ isSubmitted: false }, ...(providerRefundId ? [{ providerRefundId: null }] : [])] },
    data: { isSubmitted: true, ...(providerRefundId ? { providerRefundId } : {}) },
  });
}

/** The first time the provider said it knows no Pix to refund (kept once: the first one counts). */
export async function recordRefundNotFound(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.refund.updateMany({ where: { id, notFoundAt: null }, data: { notFoundAt: at } });
}

/** Pending refunds created before a moment, oldest first: those whose outcome the gateway must ask for. */
export async function findPendingRefunds(
  db: DbOrTx,
  options: { createdBefore: Date; limit: number },
): Promise<RefundWithDeposit[]> {
  const rows = await db.refund.findMany({
    where: { status: "pending", createdAt: { lte: options.createdBefore } },
    orderBy: { createdAt: "asc" },
    take: options.limit,
    include: withDeposit,
  });
  return rows.map(withRefundStatus);
}

export type RefundListRow = Pick<
  RefundRecord,
  "id" | "merchantId" | "depositId" | "status" | "mode" | "amountCents" | "currency" | "createdAt" | "settledAt"
> & {
  merchant: { name: string };
  deposit: { reference: string; customerName: string | null; customerEmail: string | null; customerCpf: string | null };
};

/**
 * One page of refunds for the console's list, with the filter transactions take (operations do
 * not apply). A refund is found by its own id, and by what finds its deposit: the deposit's id,
 * reference or customer.
 */
export async function listRefundsPage(
  db: DbOrTx,
  filter: Omit<TransactionListFilter, "operations">,
  page: PageRequest,
): Promise<RefundListRow[]> {
  const search = filter.search;
  const rows = await db.refund.findMany({
    where: {
      ...(filter.merchantId !== null ? { merchantId: filter.merchantId } : {}),
      ...(filter.mode ? { mode: filter.mode } : {}),
      ...(filter.statuses ? { status: { in: [...filter.statuses] } } : {}),
      ...(filter.reference !== undefined ? { deposit: { reference: filter.reference } } : {}),
      AND: [
        {
          createdAt: {
            ...(filter.createdFrom ? { gte: filter.createdFrom } : {}),
            ...(filter.createdBefore ? { lt: filter.createdBefore } : {}),
          },
        },
        keysetWhere(page),
        search
          ? {
              OR: [
                { id: search.text },
                { depositId: search.text },
                { deposit: { reference: search.text } },
                {
                  deposit: { customerCpf: { in: search.cpfDigits ? [search.text, search.cpfDigits] : [search.text] } },
                },
                ...(search.emailLower ? [{ deposit: { customerEmailLower: search.emailLower } }] : []),
              ],
            }
          : {},
      ],
    },
    orderBy: keysetOrder(page),
    take: page.limit,
    select: {
      id: true,
      merchantId: true,
      depositId: true,
      status: true,
      mode: true,
      amountCents: true,
      currency: true,
      createdAt: true,
      settledAt: true,
      merchant: { select: { name: true } },
      deposit: { select: { reference: true, customerName: true, customerEmail: true, customerCpf: true } },
    },
  });
  return rows.map(withRefundStatus);
}

/** A deposit's refunds, oldest first. */
export async function listDepositRefunds(db: DbOrTx, depositId: string): Promise<RefundWithDeposit[]> {
  const rows = await db.refund.findMany({
    where: { depositId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: withDeposit,
  });
  return rows.map(withRefundStatus);
}

export async function listRefundEvents(db: DbOrTx, refundId: string) {
  return db.refundEvent.findMany({ where: { refundId }, orderBy: { createdAt: "asc" }, omit: { id: true } });
}

const REFUND_SUM_CHUNK = 500;

/**
 * What completed refunds gave back of each deposit, for a page of deposits at once: the console's
 * "Devolvido" and the customer's receipt. Pending refunds are not counted: the money has not left.
 */
export async function sumCompletedRefundsByDeposit(db: DbOrTx, depositIds: string[]): Promise<Map<string, bigint>> {
  const sums = new Map<string, bigint>();
  // A CSV export asks for a thousand deposits at once: more bound parameters than SQLite takes in
  // one statement, so the ids go a few hundred at a time.
  for (let start = 0; start < depositIds.length; start += REFUND_SUM_CHUNK) {
    const groups = await db.refund.groupBy({
      by: ["depositId"],
      where: { depositId: { in: depositIds.slice(start, start + REFUND_SUM_CHUNK) }, status: "completed" },
      _sum: { amountCents: true },
    });
    for (const group of groups) sums.set(group.depositId, group._sum.amountCents ?? 0n);
  }
  return sums;
}
