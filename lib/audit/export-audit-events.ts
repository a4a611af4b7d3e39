import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { type AuditEventRecord, readAuditEventPage } from "../db/audit-events";
import { csvCell } from "../listing/csv-cell";
import { auditFilterOf } from "./list-audit-events";
import { recordAuditEvent } from "./record-audit-event";
import type { AuditQuery } from "./schemas";

const BATCH = 500;
const HEADER = [
  "at",
  "action",
  "actor_email",
  "actor_role",
  "actor_user_id",
  "session_id",
  "target_type",
  "target_id",
  "merchant_id",
  "ip",
  "detail",
];

const line = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

function row(event: AuditEventRecord): string {
  return line([
    event.createdAt.toISOString(),
    event.action,
    event.actorEmail,
    event.actorRole,
    event.actorUserId ?? "",
    event.sessionId ?? "",
    event.targetType,
    event.targetId ?? "",
    event.merchantId ?? "",
    event.ip ?? "",
    event.detail === null || event.detail === undefined ? "" : JSON.stringify(event.detail),
  ]);
}

/** Every event the filters select as CSV, newest first, read a batch at a time; the export itself is audited. */
export async function exportAuditEvents(
  actor: Actor,
  query: AuditQuery,
): Promise<{ filename: string; rows: AsyncIterable<string> }> {
  assertRole(actor, "operator");
  const db = getDb();
  const filter = auditFilterOf(query);
  await recordAuditEvent(db, {
    actor,
    action: "audit.exported",
    targetType: "audit_log",
    targetId: null,
    merchantId: null,
    ip: actor.ip,
    detail: { action: query.action, actor: query.actor, from: query.from, to: query.to },
  });
  async function* rows() {
    yield line(HEADER);
    let cursor: AuditEventRecord | undefined;
    for (;;) {
      const batch = await readAuditEventPage(db, filter, { cursor, direction: "older", limit: BATCH });
      for (const event of batch) yield row(event);
      if (batch.length < BATCH) return;
      cursor = batch.at(-1);
    }
  }
  return { filename: `audit-${new Date().toISOString().slice(0, 10)}.csv`, rows: rows() };
}
