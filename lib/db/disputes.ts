import type { DisputeDecision, DisputeReasonCode } from "../providers/contract/payment-provider";
import { type DisputeStatus, initialDisputeStatus, parseStatus } from "../transactions/statuses";
import type { DbOrTx } from "./client";
import { type PageRequest, keysetOrder, keysetWhere } from "./keyset";

export type DisputeRecord = {
  id: string;
  merchantId: string;
  depositId: string;
  mode: string;
  provider: string;
  providerDisputeId: string;
  endToEndId: string;
  status: DisputeStatus;
  amountCents: bigint;
  heldCents: bigint;
  reasonCode: DisputeReasonCode;
  reason: string | null;
  pspStatus: string;
  openedAt: Date;
  respondBy: Date;
  decision: DisputeDecision | null;
  justification: string | null;
  answeredBy: string | null;
  answeredAt: Date | null;
  submittedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  /** What its answers and callbacks name of its deposit. */
  deposit: { reference: string; currency: string; amountCents: bigint };
};

const withDeposit = { deposit: { select: { reference: true, currency: true, amountCents: true } } } as const;

type Row = Omit<DisputeRecord, "status" | "reasonCode" | "decision"> & {
  status: string;
  reasonCode: string;
  decision: string | null;
};

function toRecord(row: Row): DisputeRecord {
  return {
    ...row,
    status: parseStatus("dispute", row.status),
    reasonCode: row.reasonCode as DisputeReasonCode,
    decision: row.decision as DisputeDecision | null,
  };
}

const orNull = (row: Row | null) => (row ? toRecord(row) : null);

/** Inserts an open dispute; the same infraction of an account again fails as a unique violation. */
export async function insertDispute(
  db: DbOrTx,
  row: Pick<
    DisputeRecord,
    | "id"
    | "merchantId"
    | "depositId"
    | "mode"
    | "provider"
    | "providerDisputeId"
    | "endToEndId"
    | "amountCents"
    | "heldCents"
    | "reasonCode"
    | "reason"
    | "pspStatus"
    | "openedAt"
    | "respondBy"
  >,
): Promise<DisputeRecord> {
  return toRecord(await db.dispute.create({ data: { ...row, status: initialDisputeStatus }, include: withDeposit }));
}

export async function findDispute(db: DbOrTx, id: string): Promise<DisputeRecord | null> {
  return orNull(await db.dispute.findUnique({ where: { id }, include: withDeposit }));
}

export async function findDisputeOfProvider(
  db: DbOrTx,
  provider: string,
  providerDisputeId: string,
): Promise<DisputeRecord | null> {
  return orNull(
    await db.dispute.findUnique({
      where: { provider_providerDisputeId: { provider, providerDisputeId } },
      include: withDeposit,
    }),
  );
}

const UNDECIDED = ["open", "answered"] satisfies DisputeStatus[];

/** A deposit's disputes, oldest first. */
export async function listDepositDisputes(db: DbOrTx, depositId: string): Promise<DisputeRecord[]> {
  const rows = await db.dispute.findMany({
    where: { depositId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: withDeposit,
  });
  return rows.map(toRecord);
}

/** A deposit's newest dispute the PSP has not decided (open or answered), or null. */
export async function findUndecidedDispute(
  db: DbOrTx,
  depositId: string,
): Promise<(DisputeRecord & { status: "open" | "answered" }) | null> {
  const row = await db.dispute.findFirst({
    where: { depositId, status: { in: UNDECIDED } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: withDeposit,
  });
  return row ? (toRecord(row) as DisputeRecord & { status: "open" | "answered" }) : null;
}

/** What disputes hold of a merchant's mode, and the ids of the first few: what a refused payout names. */
export async function summarizeDisputeHolds(
  db: DbOrTx,
  merchantId: string,
  mode: string,
): Promise<{ heldCents: bigint; ids: string[] }> {
  const where = { merchantId, mode, heldCents: { gt: 0n } };
  const [sums, named] = await Promise.all([
    db.dispute.aggregate({ where, _sum: { heldCents: true } }),
    db.dispute.findMany({ where, orderBy: [{ respondBy: "asc" }, { id: "asc" }], take: 10, select: { id: true } }),
  ]);
  return { heldCents: sums._sum.heldCents ?? 0n, ids: named.map((row) => row.id) };
}

/** What the dispute holds now, moved in the transaction that reserves or releases it. */
export async function setDisputeHeld(db: DbOrTx, id: string, heldCents: bigint): Promise<void> {
  await db.dispute.update({ where: { id }, data: { heldCents } });
}

/** The PSP's word for its status, when it changed without a move of ours (EM_DEFESA after an answer). */
export async function recordPspStatus(db: DbOrTx, id: string, pspStatus: string): Promise<void> {
  await db.dispute.updateMany({ where: { id, NOT: { pspStatus } }, data: { pspStatus } });
}

/**
 * Claims the answer for one submission: only while the dispute is open and unanswered (or holds
 * this very answer, not yet taken by the PSP: a retry after no answer). False when another answer
 * holds it.
 */
export async function claimDisputeAnswer(
  db: DbOrTx,
  answer: { id: string; decision: DisputeDecision; justification: string; answeredBy: string; at: Date },
): Promise<boolean> {
  const { count } = await db.dispute.updateMany({
    where: {
      id: answer.id,
      status: initialDisputeStatus,
      submittedAt: null,
      OR: [{ decision: null }, { decision: answer.decision, justification: answer.justification }],
    },
    data: {
      decision: answer.decision,
      justification: answer.justification,
      answeredBy: answer.answeredBy,
      answeredAt: answer.at,
    },
  });
  return count === 1;
}

/** Gives an answer the PSP refused back, so that another may be sent. */
export async function releaseDisputeAnswer(db: DbOrTx, id: string): Promise<void> {
  await db.dispute.updateMany({
    where: { id, submittedAt: null },
    data: { decision: null, justification: null, answeredBy: null, answeredAt: null },
  });
}

/** The answer the PSP took, for a dispute it moved on its own meanwhile (its status is the change's). */
export async function markDisputeSubmitted(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.dispute.updateMany({ where: { id, submittedAt: null, decision: { not: null } }, data: { submittedAt: at } });
}

/** One page of a merchant's disputes of a mode, newest first (lib/db/keyset). */
export async function listMerchantDisputes(
  db: DbOrTx,
  options: { merchantId: string; mode: string; status?: DisputeStatus; depositId?: string; page: PageRequest },
): Promise<DisputeRecord[]> {
  const rows = await db.dispute.findMany({
    where: {
      merchantId: options.merchantId,
      mode: options.mode,
      ...(options.status ? { status: options.status } : {}),
      ...(options.depositId ? { depositId: options.depositId } : {}),
      ...keysetWhere(options.page),
    },
    orderBy: keysetOrder(options.page),
    take: options.page.limit,
    include: withDeposit,
  });
  return rows.map(toRecord);
}

/**
 * The console's list: undecided disputes soonest deadline first, then the most recently closed;
 * one merchant's when given.
 */
export async function listDisputesByDeadline(
  db: DbOrTx,
  options: { merchantId?: string; limit: number },
): Promise<DisputeRecord[]> {
  const scope = options.merchantId ? { merchantId: options.merchantId } : {};
  const [undecided, closed] = await Promise.all([
    db.dispute.findMany({
      where: { ...scope, status: { in: UNDECIDED } },
      orderBy: [{ respondBy: "asc" }, { id: "asc" }],
      take: options.limit,
      include: withDeposit,
    }),
    db.dispute.findMany({
      where: { ...scope, status: { notIn: UNDECIDED } },
      orderBy: [{ closedAt: "desc" }, { id: "desc" }],
      take: options.limit,
      include: withDeposit,
    }),
  ]);
  return [...undecided, ...closed].slice(0, options.limit).map(toRecord);
}

/**
 * Live open disputes whose answer the PSP does not hold (none given, or one whose sending got no
 * answer) and whose deadline is before `before`: the operator is told.
 */
export async function findUnansweredDisputesDueBefore(db: DbOrTx, before: Date): Promise<DisputeRecord[]> {
  const rows = await db.dispute.findMany({
    where: { mode: "live", status: initialDisputeStatus, submittedAt: null, respondBy: { lte: before } },
    orderBy: [{ respondBy: "asc" }, { id: "asc" }],
    take: 500,
    include: withDeposit,
  });
  return rows.map(toRecord);
}

/** When the oldest undecided dispute of an account opened: its listing must reach back that far. */
export async function findOldestUndecidedOpening(db: DbOrTx, provider: string): Promise<Date | null> {
  const oldest = await db.dispute.findFirst({
    where: { provider, status: { in: UNDECIDED } },
    orderBy: { openedAt: "asc" },
    select: { openedAt: true },
  });
  return oldest?.openedAt ?? null;
}

/** An account's undecided disputes opened before `before`, oldest first, but those in `exceptIds`. */
export async function listUndecidedDisputesOpenedBefore(
  db: DbOrTx,
  provider: string,
  before: Date,
  options: { limit: number; exceptIds: string[] },
): Promise<DisputeRecord[]> {
  const rows = await db.dispute.findMany({
    where: { provider, status: { in: UNDECIDED }, openedAt: { lt: before }, id: { notIn: options.exceptIds } },
    orderBy: { openedAt: "asc" },
    take: options.limit,
    include: withDeposit,
  });
  return rows.map(toRecord);
}
