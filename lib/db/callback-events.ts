import type { DbOrTx } from "./client";

export type CallbackStatus = "pending" | "delivered" | "failed";

export type CallbackEventRecord = {
  id: string;
  merchantId: string;
  type: string;
  payload: Record<string, unknown>;
  status: CallbackStatus;
  attempts: number;
  scheduleStep: number;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type CallbackAttemptRecord = {
  number: number;
  url: string | null;
  keyId: string | null;
  startedAt: Date;
  latencyMs: number;
  httpStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
  isSuccess: boolean;
};

type EventRow = Omit<CallbackEventRecord, "payload" | "status"> & { payload: unknown; status: string };

function toRecord(row: EventRow): CallbackEventRecord {
  return {
    id: row.id,
    merchantId: row.merchantId,
    type: row.type,
    payload: row.payload as Record<string, unknown>,
    status: row.status as CallbackStatus,
    attempts: row.attempts,
    scheduleStep: row.scheduleStep,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function insertCallbackEvent(
  db: DbOrTx,
  event: { id: string; merchantId: string; type: string; payload: Record<string, unknown>; nextAttemptAt: Date },
): Promise<void> {
  await db.callbackEvent.create({ data: { ...event, payload: event.payload as object, status: "pending" } });
}

const leaseIsFree = (now: Date) => ({ OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] });

/** Pending events whose time has come and which no live lease holds, oldest due first. */
export async function findDueCallbackEventIds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db.callbackEvent.findMany({
    where: { status: "pending", nextAttemptAt: { lte: now }, ...leaseIsFree(now) },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/**
 * Takes the lease on those of the given events that are still free, with one conditional update:
 * of two workers racing for an event, the database lets exactly one update match (PostgreSQL
 * re-checks the condition after the row lock; SQLite runs writes one at a time). An expired lease,
 * a crashed worker's, is taken over. Returns the events this owner now holds.
 */
export async function claimCallbackEvents(
  db: DbOrTx,
  options: { ids: string[]; owner: string; now: Date; leaseUntil: Date },
): Promise<CallbackEventRecord[]> {
  await db.callbackEvent.updateMany({
    where: { id: { in: options.ids }, status: "pending", nextAttemptAt: { lte: options.now }, ...leaseIsFree(options.now) },
    data: { leaseOwner: options.owner, leaseExpiresAt: options.leaseUntil },
  });
  const rows = await db.callbackEvent.findMany({ where: { id: { in: options.ids }, leaseOwner: options.owner } });
  return rows.map(toRecord);
}

export async function findCallbackEvent(db: DbOrTx, id: string): Promise<CallbackEventRecord | null> {
  const row = await db.callbackEvent.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

/**
 * Stores an attempt and the event's next state, and releases the lease, all or nothing. False when
 * the lease was no longer this worker's (it ran past it and another took over): nothing is written.
 */
export async function recordCallbackAttempt(
  db: DbOrTx,
  options: {
    eventId: string;
    owner: string;
    attempt: CallbackAttemptRecord & { id: string };
    next: { status: CallbackStatus; nextAttemptAt: Date; scheduleStep: number; deliveredAt: Date | null };
  },
): Promise<boolean> {
  const { count } = await db.callbackEvent.updateMany({
    where: { id: options.eventId, leaseOwner: options.owner },
    data: {
      ...options.next,
      attempts: { increment: 1 },
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
  if (count !== 1) return false;
  await db.callbackAttempt.create({ data: { ...options.attempt, eventId: options.eventId } });
  return true;
}

export async function listCallbackEvents(
  db: DbOrTx,
  options: { status?: CallbackStatus; limit: number },
): Promise<CallbackEventRecord[]> {
  const rows = await db.callbackEvent.findMany({
    where: options.status ? { status: options.status } : {},
    orderBy: { createdAt: "desc" },
    take: options.limit,
  });
  return rows.map(toRecord);
}

export async function listCallbackAttempts(db: DbOrTx, eventId: string): Promise<CallbackAttemptRecord[]> {
  return db.callbackAttempt.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    omit: { id: true, eventId: true },
  });
}

/** Queues the same event again from the start of the retry schedule, whatever its state. */
export async function requeueCallbackEvent(db: DbOrTx, id: string, now: Date): Promise<CallbackEventRecord | null> {
  const { count } = await db.callbackEvent.updateMany({
    where: { id },
    data: { status: "pending", scheduleStep: 0, nextAttemptAt: now, deliveredAt: null },
  });
  return count === 1 ? findCallbackEvent(db, id) : null;
}
