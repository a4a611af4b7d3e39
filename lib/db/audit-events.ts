import type { DbOrTx } from "./client";
import { type PageRequest, keysetOrder, keysetWhere } from "./keyset";

export type AuditEventRecord = {
  id: string;
  actorUserId: string | null;
  actorEmail: string;
  actorRole: string;
  sessionId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  merchantId: string | null;
  ip: string | null;
  detail: unknown;
  createdAt: Date;
};

export async function insertAuditEvent(
  db: DbOrTx,
  event: Omit<AuditEventRecord, "createdAt" | "detail"> & { detail?: Record<string, unknown> },
): Promise<void> {
  await db.auditEvent.create({ data: { ...event, detail: event.detail as object | undefined } });
}

/** The events about one target, oldest first. */
export async function listTargetAuditEvents(
  db: DbOrTx,
  targetType: string,
  targetId: string,
): Promise<AuditEventRecord[]> {
  return db.auditEvent.findMany({ where: { targetType, targetId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export type TargetEventsSummary = { count: number; latestAt: Date | null; addresses: number };

/**
 * Of one target's events with the action since a time (all of them when null): how many, the
 * latest, and from how many client addresses.
 */
export async function summarizeTargetAuditEvents(
  db: DbOrTx,
  filter: { targetType: string; targetId: string; action: string; since: Date | null },
): Promise<TargetEventsSummary> {
  const groups = await db.auditEvent.groupBy({
    by: ["ip"],
    where: {
      targetType: filter.targetType,
      targetId: filter.targetId,
      action: filter.action,
      ...(filter.since ? { createdAt: { gt: filter.since } } : {}),
    },
    _count: { _all: true },
    _max: { createdAt: true },
  });
  const latest = Math.max(...groups.map((group) => group._max.createdAt?.getTime() ?? 0), 0);
  return {
    count: groups.reduce((total, group) => total + group._count._all, 0),
    latestAt: latest > 0 ? new Date(latest) : null,
    addresses: groups.filter((group) => group.ip !== null).length,
  };
}

export type AuditEventFilter = {
  action?: string;
  actorEmail?: string;
  from?: Date;
  before?: Date;
  merchantId?: string;
};

function auditWhere(filter: AuditEventFilter) {
  return {
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.actorEmail ? { actorEmail: filter.actorEmail } : {}),
    ...(filter.merchantId ? { merchantId: filter.merchantId } : {}),
    ...(filter.from || filter.before
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.before ? { lt: filter.before } : {}) } }
      : {}),
  };
}

/** Events matching the filter past the page's cursor, on the (createdAt, id) index. */
export async function readAuditEventPage(
  db: DbOrTx,
  filter: AuditEventFilter,
  page: PageRequest,
): Promise<AuditEventRecord[]> {
  return db.auditEvent.findMany({
    where: { AND: [auditWhere(filter), keysetWhere(page)] },
    orderBy: keysetOrder(page),
    take: page.limit,
  });
}

/** The distinct actions on record, for the filter's choices. */
export async function listAuditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.auditEvent.findMany({
    distinct: ["action"],
    select: { action: true },
    orderBy: { action: "asc" },
  });
  return rows.map((row) => row.action);
}
