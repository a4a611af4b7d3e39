// Every status a deposit, payout, refund, PSP return or initiation attempt can have, and the one table of moves between
// them (contract section 4). Statuses are written only by changeStatus (lib/db/change-status),
// which asserts each move against this table, and read through parseStatus, so a move the table
// does not allow is a programming error caught in one place, never a string compared at a call site.
import { AppError } from "../errors/app-error";

export const depositStatuses = ["pending", "paid", "failed", "expired"] as const;
export const payoutStatuses = ["pending", "processing", "completed", "canceled"] as const;
export const refundStatuses = ["pending", "completed", "failed"] as const;
export const returnStatuses = ["pending", "completed", "failed"] as const;
export const initiationStatuses = ["pending", "paid", "failed"] as const;
export const disputeStatuses = ["open", "answered", "won", "lost", "canceled"] as const;

export type DepositStatus = (typeof depositStatuses)[number];
export type PayoutStatus = (typeof payoutStatuses)[number];
export type RefundStatus = (typeof refundStatuses)[number];
export type ReturnStatus = (typeof returnStatuses)[number];
export type InitiationStatus = (typeof initiationStatuses)[number];
export type DisputeStatus = (typeof disputeStatuses)[number];

type Statuses = {
  deposit: DepositStatus;
  payout: PayoutStatus;
  refund: RefundStatus;
  return: ReturnStatus;
  initiation: InitiationStatus;
  dispute: DisputeStatus;
};
export type StatusKind = keyof Statuses;
export type StatusOf<K extends StatusKind> = Statuses[K];

/** What an operator's marking settles a payout as: the payout's two final statuses. */
export type PayoutOutcome = Extract<PayoutStatus, "completed" | "canceled">;

/**
 * What a processing payout was claimed for: an operator's marking of one outcome, or "transfer",
 * a send through the provider, whose answer decides the outcome.
 */
export type PayoutClaim = PayoutOutcome | "transfer";

export const statusesOf: { [K in StatusKind]: readonly StatusOf<K>[] } = {
  deposit: depositStatuses,
  payout: payoutStatuses,
  refund: refundStatuses,
  return: returnStatuses,
  initiation: initiationStatuses,
  dispute: disputeStatuses,
};

/**
 * Every row of every kind is created pending: the only status an insert writes. Typed, not
 * inferred, so it stays the literal inside the insert's data (scripts/check-status-writers.ts, part of npm run lint).
 */
export const initialStatus: DepositStatus & PayoutStatus & RefundStatus & ReturnStatus & InitiationStatus = "pending";

/** A dispute is inserted open: the PSP listed it (or a sandbox simulation opened it) and no one has answered. */
export const initialDisputeStatus: Extract<DisputeStatus, "open"> = "open";

const transitions: { [K in StatusKind]: Record<StatusOf<K>, readonly StatusOf<K>[]> } = {
  deposit: {
    pending: ["paid", "failed", "expired"],
    paid: [],
    failed: [],
    expired: [],
  },
  payout: {
    // processing: one operator's marking holds the payout while the provider is called.
    pending: ["processing"],
    // back to pending when the provider refused or could not be reached: nothing moved.
    processing: ["completed", "canceled", "pending"],
    completed: [],
    canceled: [],
  },
  refund: {
    pending: ["completed", "failed"],
    completed: [],
    failed: [],
  },
  return: {
    pending: ["completed", "failed"],
    completed: [],
    failed: [],
  },
  initiation: {
    // pending: started at the initiator (or its call not answered yet), the customer deciding.
    pending: ["paid", "failed"],
    paid: [],
    failed: [],
  },
  dispute: {
    // open: no answer yet; answered: the PSP took the merchant's answer and decides. The PSP may
    // decide (or cancel) before anyone answers.
    open: ["answered", "won", "lost", "canceled"],
    answered: ["won", "lost", "canceled"],
    won: [],
    lost: [],
    canceled: [],
  },
};

const movesFrom = <K extends StatusKind>(kind: K, from: StatusOf<K>): readonly StatusOf<K>[] =>
  (transitions[kind] as Record<string, readonly StatusOf<K>[]>)[from] ?? [];

/** A status read from the database; anything outside the table is a broken row, not a request's fault. */
export function parseStatus<K extends StatusKind>(kind: K, value: string): StatusOf<K> {
  const status = statusesOf[kind].find((known) => known === value);
  if (status === undefined) throw new AppError("internal_error", `unknown ${kind} status "${value}" in the database`);
  return status;
}

export function isFinalStatus<K extends StatusKind>(kind: K, status: StatusOf<K>): boolean {
  return movesFrom(kind, status).length === 0;
}

export function isPending(status: StatusOf<StatusKind>): status is typeof initialStatus {
  return status === initialStatus;
}

/** A payout a marking holds while its provider is called (or that a crashed marking left). */
export function isBeingMarked(status: PayoutStatus): status is "processing" {
  return status === "processing";
}

/** A payout's final statuses are the outcomes an operator's marking settles it as. */
export function isPayoutOutcome(status: PayoutStatus): status is PayoutOutcome {
  return isFinalStatus("payout", status);
}

/** A deposit its customer paid: the only one whose money is its merchant's, to keep or refund. */
export function isPaid(status: DepositStatus): status is "paid" {
  return status === "paid";
}

export function canTransition<K extends StatusKind>(kind: K, from: StatusOf<K>, to: StatusOf<K>): boolean {
  return movesFrom(kind, from).includes(to);
}

/** Throws the 409 a merchant or operator sees when a status cannot move (a final one never does). */
export function assertTransition<K extends StatusKind>(kind: K, id: string, from: StatusOf<K>, to: StatusOf<K>): void {
  if (canTransition(kind, from, to)) return;
  const why = isFinalStatus(kind, from) ? `; a ${from} ${kind} is final and never changes` : "";
  throw new AppError("state_conflict", `${kind} ${id} is ${from} and cannot become ${to}${why}`);
}

/**
 * What the API shows for a payout: the spec promises pending, completed and canceled, and a payout
 * being carried out is still pending to the merchant.
 */
export function publicPayoutStatus(status: PayoutStatus): "pending" | PayoutOutcome {
  return isBeingMarked(status) ? "pending" : status;
}

/**
 * The statuses the merchant sees, per kind: what /api/status, callbacks and the read APIs say. A
 * payout being carried out is pending to the merchant (publicPayoutStatus).
 */
export const publicStatusesOf = {
  deposit: depositStatuses,
  payout: payoutStatuses.filter((status) => !isBeingMarked(status)),
  refund: refundStatuses,
} as const;

/** The stored statuses a status the merchant sees stands for: its pending is a processing payout too. */
export function storedStatusesOf(status: string): string[] {
  const processing: PayoutStatus = "processing";
  return status === initialStatus ? [initialStatus, processing] : [status];
}
