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
