import type { DbOrTx } from "./client";

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

export async function insertAuditEvent(db: DbOrTx, event: Omit<AuditEventRecord, "createdAt" | "detail"> & { detail?: Record<string, unknown> }): Promise<void> {
  await db.auditEvent.create({ data: { ...event, detail: event.detail as object | undefined } });
}

/** The events about one target, oldest first. */
export async function listTargetAuditEvents(db: DbOrTx, targetType: string, targetId: string): Promise<AuditEventRecord[]> {
  return db.auditEvent.findMany({ where: { targetType, targetId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
