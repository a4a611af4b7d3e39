import { type Actor, assertRole } from "../access/actor";
import { getDb } from "../db/client";
import { type AuditEventFilter, type AuditEventRecord, listAuditActions, readAuditEventPage } from "../db/audit-events";
import { type KeysetPage, readKeysetPage } from "../db/read-keyset-page";
import type { AuditQuery } from "./schemas";

const PAGE_SIZE = 50;

/** A Brasília day (UTC−3, no daylight saving since 2019) as its first instant. */
const brasiliaDayStart = (day: string) => new Date(`${day}T00:00:00-03:00`);

export function auditFilterOf(query: AuditQuery): AuditEventFilter {
  return {
    action: query.action,
    actorEmail: query.actor,
    from: query.from ? brasiliaDayStart(query.from) : undefined,
    // "to" includes its whole day.
    before: query.to ? new Date(brasiliaDayStart(query.to).getTime() + 24 * 3600_000) : undefined,
  };
}

/** The audit log for operators, newest first, a keyset page of 50, with the actions on record. */
export async function listAuditEvents(
  actor: Actor,
  query: AuditQuery,
): Promise<KeysetPage<AuditEventRecord> & { actions: string[] }> {
  assertRole(actor, "operator");
  const db = getDb();
  const filter = auditFilterOf(query);
  const [page, actions] = await Promise.all([
    readKeysetPage(
      (request) => readAuditEventPage(db, filter, request),
      { after: query.after, before: query.before },
      PAGE_SIZE,
    ),
    listAuditActions(db),
  ]);
  return { ...page, actions };
}
