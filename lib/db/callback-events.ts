import type { DbOrTx } from "./client";
import { type PageRequest, keysetOrder, keysetWhere } from "./keyset";

export type CallbackStatus = "pending" | "delivered" | "failed";

export type CallbackEventRecord = {
  id: string;
  merchantId: string;
  /** The deposit, payout or refund it reports; null only on rows older than the column. */
  objectId: string | null;
  /** The request id of what it reports (the request that created it); null where none did. */
  requestId: string | null;
  /** sandbox or live: the mode of what it reports. */
  mode: string;
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
  /** Null while the attempt is in flight, and for good when its worker died mid-attempt. */
  finishedAt: Date | null;
  latencyMs: number | null;
  httpStatus: number | null;
  /** lib/errors/delivery-errors' code, as stored (null before codes were). */
  errorCode: string | null;
  error: string | null;
  responseExcerpt: string | null;
  isSuccess: boolean;
  /** Made by the merchant's forwarder to their own machine, not by the gateway (insertForwardedAttempt). */
  forwarded: boolean;
};

export type AttemptOutcome = Pick<
  CallbackAttemptRecord,
  "latencyMs" | "httpStatus" | "errorCode" | "error" | "responseExcerpt" | "isSuccess"
>;

type EventRow = Omit<CallbackEventRecord, "payload" | "status"> & { payload: unknown; status: string };

function toRecord(row: EventRow): CallbackEventRecord {
  return {
    id: row.id,
    merchantId: row.merchantId,
    objectId: row.objectId,
    requestId: row.requestId,
    mode: row.mode,
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
  event: {
    id: string;
    merchantId: string;
    objectId: string;
    requestId: string | null;
    mode: string;
    type: string;
    payload: Record<string, unknown>;
    nextAttemptAt: Date;
  },
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
    where: {
      id: { in: options.ids },
      status: "pending",
      nextAttemptAt: { lte: options.now },
      ...leaseIsFree(options.now),
    },
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
 * Records an attempt as started, before anything is sent, and counts it on the event: its number
 * is the event's count after this one. Null when the lease is no longer this worker's (nothing is
 * written, and nothing may be sent). Run inside a transaction.
 */
export async function beginCallbackAttempt(
  db: DbOrTx,
  options: {
    eventId: string;
    owner: string;
    attempt: { id: string; url: string | null; keyId: string | null; startedAt: Date };
  },
): Promise<number | null> {
  const { count } = await db.callbackEvent.updateMany({
    where: { id: options.eventId, leaseOwner: options.owner },
    data: { attempts: { increment: 1 } },
  });
  if (count !== 1) return null;
  const { attempts } = await db.callbackEvent.findUniqueOrThrow({
    where: { id: options.eventId },
    select: { attempts: true },
  });
  await db.callbackAttempt.create({ data: { ...options.attempt, number: attempts, eventId: options.eventId } });
  return attempts;
}

/** How many of an event's attempts its merchant's forwarders reported. */
export async function countForwardedAttempts(db: DbOrTx, eventId: string): Promise<number> {
  return db.callbackAttempt.count({ where: { eventId, forwarded: true } });
}

/**
 * Records what the merchant's forwarder did with the event on their machine: a finished attempt,
 * numbered on the event as the gateway's own are (one atomic increment, so a delivery attempt
 * beside it cannot take the same number), with the event's status, schedule and lease left alone.
 */
export async function insertForwardedAttempt(
  db: DbOrTx,
  options: {
    eventId: string;
    attempt: Omit<CallbackAttemptRecord, "number" | "forwarded" | "errorCode"> & { id: string };
  },
): Promise<number> {
  const { attempts } = await db.callbackEvent.update({
    where: { id: options.eventId },
    data: { attempts: { increment: 1 } },
    select: { attempts: true },
  });
  await db.callbackAttempt.create({
    data: { ...options.attempt, number: attempts, eventId: options.eventId, forwarded: true },
  });
  return attempts;
}

/**
 * Completes a started attempt with what came back, and, while the lease is still this worker's,
 * sets the event's next state and releases the lease. The attempt's outcome is kept either way
 * (it happened); false when the lease was lost and the event was left to its new owner.
 */
export async function completeCallbackAttempt(
  db: DbOrTx,
  options: {
    eventId: string;
    owner: string;
    attemptId: string;
    outcome: AttemptOutcome & { finishedAt: Date };
    next: { status: CallbackStatus; nextAttemptAt: Date; scheduleStep: number; deliveredAt: Date | null };
  },
): Promise<boolean> {
  await db.callbackAttempt.update({ where: { id: options.attemptId }, data: options.outcome });
  const { count } = await db.callbackEvent.updateMany({
    where: { id: options.eventId, leaseOwner: options.owner },
    data: { ...options.next, leaseOwner: null, leaseExpiresAt: null },
  });
  return count === 1;
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

/** An event with every attempt made at it, and the lease that tells an attempt in flight from an interrupted one. */
export type CallbackEventWithAttempts = CallbackEventRecord & {
  leaseExpiresAt: Date | null;
  attemptRows: CallbackAttemptRecord[];
};

const withAttempts = { attemptRows: { orderBy: { number: "asc" }, omit: { id: true, eventId: true } } } as const;

/** The callbacks reporting one deposit, payout or refund, oldest first, each with its attempts. */
export async function listObjectCallbackEvents(db: DbOrTx, objectId: string): Promise<CallbackEventWithAttempts[]> {
  const rows = await db.callbackEvent.findMany({
    where: { objectId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: withAttempts,
  });
  return rows.map((row) => ({ ...toRecord(row), leaseExpiresAt: row.leaseExpiresAt, attemptRows: row.attemptRows }));
}

/** What a merchant's list of events narrows by: always one merchant and one mode. */
export type CallbackEventListFilter = {
  merchantId: string;
  mode: string;
  status?: CallbackStatus;
  type?: string;
  objectId?: string;
};

/** One page of a merchant's events of one mode, read from the cursor away (see lib/db/keyset). */
export async function listCallbackEventsPage(
  db: DbOrTx,
  filter: CallbackEventListFilter,
  page: PageRequest,
): Promise<CallbackEventWithAttempts[]> {
  const rows = await db.callbackEvent.findMany({
    where: {
      merchantId: filter.merchantId,
      mode: filter.mode,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.objectId ? { objectId: filter.objectId } : {}),
      ...keysetWhere(page),
    },
    orderBy: keysetOrder(page),
    take: page.limit,
    include: withAttempts,
  });
  return rows.map((row) => ({ ...toRecord(row), leaseExpiresAt: row.leaseExpiresAt, attemptRows: row.attemptRows }));
}

export type CallbackBacklog = {
  merchantId: string;
  pending: number;
  retrying: number;
  failed: number;
  oldestPendingAt: Date | null;
};

/**
 * Per merchant with anything outstanding: events waiting to be delivered, those of them refused at
 * least once (retrying), and those given up on (failed) since `failedSince`.
 */
export async function summarizeCallbackBacklog(
  db: DbOrTx,
  options: { merchantId: string | null; failedSince: Date },
): Promise<CallbackBacklog[]> {
  const scope = options.merchantId ? { merchantId: options.merchantId } : {};
  const [pending, retrying, failed] = await Promise.all([
    db.callbackEvent.groupBy({
      by: ["merchantId"],
      where: { ...scope, status: "pending" },
      _count: { _all: true },
      _min: { createdAt: true },
    }),
    db.callbackEvent.groupBy({
      by: ["merchantId"],
      // Retrying: the gateway itself tried. A forward to the merchant's laptop is not a try.
      where: { ...scope, status: "pending", attemptRows: { some: { forwarded: false } } },
      _count: { _all: true },
    }),
    db.callbackEvent.groupBy({
      by: ["merchantId"],
      where: { ...scope, status: "failed", updatedAt: { gte: options.failedSince } },
      _count: { _all: true },
    }),
  ]);
  const backlog = new Map<string, CallbackBacklog>();
  const entry = (merchantId: string) =>
    backlog.get(merchantId) ??
    backlog.set(merchantId, { merchantId, pending: 0, retrying: 0, failed: 0, oldestPendingAt: null }).get(merchantId)!;
  for (const row of pending)
    Object.assign(entry(row.merchantId), { pending: row._count._all, oldestPendingAt: row._min.createdAt });
  for (const row of retrying) entry(row.merchantId).retrying = row._count._all;
  for (const row of failed) entry(row.merchantId).failed = row._count._all;
  return [...backlog.values()];
}

/**
 * The whole outbox's waiting events: how many, when the oldest of them was written, and when the
 * one most overdue was due (null when none is due yet: retries wait for their time).
 */
export async function measureCallbackOutbox(
  db: DbOrTx,
  now: Date,
): Promise<{ pending: number; oldestPendingAt: Date | null; earliestDueAt: Date | null }> {
  const [waiting, due] = await Promise.all([
    db.callbackEvent.aggregate({ where: { status: "pending" }, _count: { _all: true }, _min: { createdAt: true } }),
    db.callbackEvent.aggregate({
      where: { status: "pending", nextAttemptAt: { lte: now } },
      _min: { nextAttemptAt: true },
    }),
  ]);
  return {
    pending: waiting._count._all,
    oldestPendingAt: waiting._min.createdAt,
    earliestDueAt: due._min.nextAttemptAt,
  };
}

/** A merchant's most recent attempt that did not deliver: what its endpoint last answered. */
export async function findLastFailedAttempt(
  db: DbOrTx,
  merchantId: string,
): Promise<(CallbackAttemptRecord & { eventId: string }) | null> {
  const event = await db.callbackEvent.findFirst({
    where: { merchantId, status: { in: ["pending", "failed"] }, attemptRows: { some: { forwarded: false } } },
    orderBy: { updatedAt: "desc" },
    select: { id: true },
  });
  if (!event) return null;
  // The endpoint's own answer: what a laptop answered a forward says nothing of it.
  const attempt = await db.callbackAttempt.findFirst({
    where: { eventId: event.id, forwarded: false },
    orderBy: { number: "desc" },
    omit: { id: true },
  });
  return attempt && !attempt.isSuccess ? attempt : null;
}
