// The one writer of a status column after a row's insert (scripts/check-status-writers.ts, part of npm run lint, fails for
// any other). Every move is asserted against lib/transactions/statuses' table before its
// conditional update, so a move the table does not allow never reaches the database.
import {
  type PayoutClaim,
  type StatusKind,
  type StatusOf,
  assertTransition,
  isFinalStatus,
} from "../transactions/statuses";
import type { RefusalReasonCode } from "../errors/refusal-reasons";
import type { DbOrTx } from "./client";
import type { Actor } from "./transactions";

type Reason = { reasonCode?: string; reason?: string };

/** What each kind's move may write beside its status. */
type ExtrasOf = {
  deposit: Reason & {
    actor: Actor;
    /** Why, for the event only, when there is no reason code to tell the merchant. */
    note?: string;
    /** The Pix that paid the deposit, kept for refunds and for the operator. */
    pixEndToEndId?: string;
  };
  payout: Reason & {
    actor: Actor;
    note?: string;
    /** Into processing: what the payout is claimed for (a marking's outcome, or a transfer). Any other move clears it. */
    claimedOutcome?: PayoutClaim;
  };
  refund: Reason & { actor: Actor; providerRefundId?: string | null };
  // A PSP return has no event table: its requestedBy says who, its settledAt when.
  return: Reason & { providerRefundId?: string | null };
  // An initiation attempt neither: its deposit's events tell the story the merchant sees.
  initiation: { reasonCode?: RefusalReasonCode; reason?: string; endToEndId?: string | null };
  // A dispute's story is its own columns: the answer, the PSP's status, when it closed.
  dispute: { pspStatus?: string };
};

export type StatusChange<K extends StatusKind> = {
  id: string;
  from: StatusOf<K>;
  to: StatusOf<K>;
  at: Date;
} & ExtrasOf[K];

type Write<K extends StatusKind> = (db: DbOrTx, change: StatusChange<K>, isFinal: boolean) => Promise<boolean>;

const reasonOf = (change: Reason) =>
  change.reasonCode ? { reasonCode: change.reasonCode, reason: change.reason } : {};

async function recordTransactionEvent(db: DbOrTx, change: StatusChange<"deposit"> | StatusChange<"payout">) {
  const events = await db.transactionEvent.count({ where: { transactionId: change.id } });
  await db.transactionEvent.create({
    data: {
      id: `${change.id}_${events}`,
      transactionId: change.id,
      fromStatus: change.from,
      toStatus: change.to,
      actor: change.actor,
      reasonCode: change.reasonCode,
      // A note (why, with no reason code) stays on the event; the transaction's own reason is
      // what the merchant is told.
      reason: change.reason ?? change.note,
      createdAt: change.at,
    },
  });
}

const writes: { [K in StatusKind]: Write<K> } = {
  async deposit(db, change, isFinal) {
    const { count } = await db.transaction.updateMany({
      where: { id: change.id, status: change.from, operation: { not: "gateway_out" } },
      data: {
        status: change.to,
        ...(isFinal ? { settledAt: change.at } : {}),
        ...(change.pixEndToEndId ? { pixEndToEndId: change.pixEndToEndId } : {}),
        ...reasonOf(change),
      },
    });
    if (count !== 1) return false;
    await recordTransactionEvent(db, change);
    return true;
  },

  async payout(db, change, isFinal) {
    const { count } = await db.transaction.updateMany({
      where: { id: change.id, status: change.from, operation: "gateway_out" },
      data: {
        status: change.to,
        claimedOutcome: change.claimedOutcome ?? null,
        ...(isFinal ? { settledAt: change.at } : {}),
        ...reasonOf(change),
      },
    });
    if (count !== 1) return false;
    await recordTransactionEvent(db, change);
    return true;
  },

  async refund(db, change, isFinal) {
    const { count } = await db.refund.updateMany({
      where: { id: change.id, status: change.from },
      data: {
        status: change.to,
        // A final answer came from the provider, so it holds the refund.
        ...(isFinal ? { settledAt: change.at, isSubmitted: true } : {}),
        ...(change.providerRefundId ? { providerRefundId: change.providerRefundId } : {}),
        ...reasonOf(change),
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
  },

  async return(db, change, isFinal) {
    const { count } = await db.pspReturn.updateMany({
      where: { id: change.id, status: change.from },
      data: {
        status: change.to,
        ...(isFinal ? { settledAt: change.at, isSubmitted: true } : {}),
        ...(change.providerRefundId ? { providerRefundId: change.providerRefundId } : {}),
        ...reasonOf(change),
      },
    });
    return count === 1;
  },

  async initiation(db, change, isFinal) {
    const { count } = await db.initiation.updateMany({
      where: { id: change.id, status: change.from },
      data: {
        status: change.to,
        ...(isFinal ? { settledAt: change.at } : {}),
        ...(change.endToEndId ? { endToEndId: change.endToEndId } : {}),
        ...(change.reasonCode ? { reasonCode: change.reasonCode } : {}),
        ...(change.reason ? { reason: change.reason } : {}),
      },
    });
    return count === 1;
  },

  async dispute(db, change, isFinal) {
    const { count } = await db.dispute.updateMany({
      where: { id: change.id, status: change.from },
      data: {
        status: change.to,
        ...(isFinal ? { closedAt: change.at } : {}),
        ...(change.pspStatus ? { pspStatus: change.pspStatus } : {}),
      },
    });
    return count === 1;
  },
};

/**
 * Moves a deposit, payout, refund, PSP return, initiation attempt or dispute from one status to another,
 * with its event where the kind keeps them. Throws state_conflict for a move the table does not
 * allow; false when the row was not in `from` (of two concurrent changes one wins), so the caller
 * decides what that means.
 */
export async function changeStatus<K extends StatusKind>(
  db: DbOrTx,
  kind: K,
  change: StatusChange<K>,
): Promise<boolean> {
  assertTransition(kind, change.id, change.from, change.to);
  return (writes[kind] as Write<K>)(db, change, isFinalStatus(kind, change.to));
}
