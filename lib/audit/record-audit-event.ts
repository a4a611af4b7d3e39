import type { Actor } from "../access/actor";
import type { DbOrTx } from "../db/client";
import { insertAuditEvent } from "../db/audit-events";
import { newId } from "../ids/new-id";

/**
 * Who the record names: a console Actor, someone who failed to sign in (no user id, the e-mail
 * they typed), or the command line (cliAuditActor).
 */
export type AuditActor = Pick<Actor, "email"> & { userId: string | null; role: string; sessionId: string | null };

export type AuditEntry = {
  actor: AuditActor;
  /** Dotted, past tense: "transaction.customer_revealed", "callback.resent", "transactions.exported". */
  action: string;
  targetType: string;
  targetId: string | null;
  merchantId: string | null;
  ip: string | null;
  /** What else the record needs (an export's filters, a reason); never a secret or customer data. */
  detail?: Record<string, unknown>;
};

/**
 * Writes one audit event. Pass the transaction of the change it records, so both commit or
 * neither does: a reveal that is not on record does not happen.
 */
export async function recordAuditEvent(db: DbOrTx, entry: AuditEntry): Promise<string> {
  const id = newId("aud");
  await insertAuditEvent(db, {
    id,
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    sessionId: entry.actor.sessionId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    merchantId: entry.merchantId,
    ip: entry.ip,
    detail: entry.detail,
  });
  return id;
}
