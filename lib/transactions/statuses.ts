// Every status a deposit, payout or refund can have, and the one table of moves between them
// (contract section 4). Status changes go through assertTransition, so a move the table does not
// allow is a programming error caught in one place, never a string compared at a call site.
import { AppError } from "../errors/app-error";

export const depositStatuses = ["pending", "paid", "failed", "expired", "canceled"] as const;
export const payoutStatuses = ["pending", "processing", "completed", "canceled"] as const;
export const refundStatuses = ["pending", "completed", "failed"] as const;

export type DepositStatus = (typeof depositStatuses)[number];
export type PayoutStatus = (typeof payoutStatuses)[number];
export type RefundStatus = (typeof refundStatuses)[number];

export type StatusKind = "deposit" | "payout" | "refund";
export type StatusOf<K extends StatusKind> = K extends "deposit"
  ? DepositStatus
  : K extends "payout"
    ? PayoutStatus
    : RefundStatus;

const transitions: { [K in StatusKind]: Record<StatusOf<K>, readonly StatusOf<K>[]> } = {
  deposit: {
    pending: ["paid", "failed", "expired", "canceled"],
    paid: [],
    failed: [],
    expired: [],
    canceled: [],
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
};

export function isFinalStatus<K extends StatusKind>(kind: K, status: StatusOf<K>): boolean {
  return (transitions[kind] as Record<string, readonly string[]>)[status].length === 0;
}

export function canTransition<K extends StatusKind>(kind: K, from: StatusOf<K>, to: StatusOf<K>): boolean {
  return ((transitions[kind] as Record<string, readonly string[]>)[from] ?? []).includes(to);
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
export function publicPayoutStatus(status: PayoutStatus): "pending" | "completed" | "canceled" {
  return status === "processing" ? "pending" : status;
}
