import type { DbOrTx } from "./client";
import { isUniqueViolation } from "./errors";

export type OperatorAlertKind =
  | "provider_refund"
  | "unmatched_pix"
  | "charge_mismatch"
  | "unreadable_answer"
  | "return_failed"
  | "transfer_mismatch"
  | "balance_mismatch"
  | "unmatched_dispute"
  | "dispute_deadline"
  | "signup_domain_limit";

export type AlertChannel = "webhook" | "email";

/** How far sending an alert to a person has come, for the overview: never its secrets. */
export type AlertDeliveryState = {
  channel: string;
  status: string;
  attempts: number;
  lastError: string | null;
};

export type OperatorAlertRecord = {
  id: string;
  kind: string;
  subject: string;
  merchantId: string | null;
  objectId: string | null;
  amountCents: bigint | null;
  message: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
};

/**
 * Inserts an alert unless one of the same kind and subject exists (open or resolved): a problem
 * reconciliation meets at every run is raised once. True when this call raised it. Its deliveries
 * (one per channel, due now) are written with it in the one statement, so an alert is never on
 * record without them nor sent twice.
 */
export async function insertOperatorAlert(
  db: DbOrTx,
  alert: Pick<OperatorAlertRecord, "id" | "kind" | "subject" | "merchantId" | "objectId" | "amountCents" | "message">,
  deliveries: { id: string; channel: AlertChannel }[],
): Promise<boolean> {
  const existing = await db.operatorAlert.findUnique({
    where: { kind_subject: { kind: alert.kind, subject: alert.subject } },
    select: { id: true },
  });
  if (existing) return false;
  try {
    const now = new Date();
    await db.operatorAlert.create({
      data: {
        ...alert,
        createdAt: now,
        deliveries: { create: deliveries.map((delivery) => ({ ...delivery, status: "pending", nextAttemptAt: now })) },
      },
    });
    return true;
  } catch (error) {
    // Raised meanwhile by another process: one alert all the same.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Open alerts, newest first, each with how its sending to people went. */
export async function listOpenOperatorAlerts(
  db: DbOrTx,
  limit: number,
): Promise<(OperatorAlertRecord & { deliveries: AlertDeliveryState[] })[]> {
  return db.operatorAlert.findMany({
    where: { resolvedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: {
      deliveries: {
        select: { channel: true, status: true, attempts: true, lastError: true },
        orderBy: { channel: "asc" },
      },
    },
  });
}

export async function countOpenOperatorAlerts(db: DbOrTx): Promise<number> {
  return db.operatorAlert.count({ where: { resolvedAt: null } });
}

export async function findOperatorAlert(db: DbOrTx, id: string): Promise<OperatorAlertRecord | null> {
  return db.operatorAlert.findUnique({ where: { id } });
}

/** Resolves an open alert; false when it was already resolved. */
export async function resolveOperatorAlert(db: DbOrTx, change: { id: string; by: string; at: Date }): Promise<boolean> {
  const { count } = await db.operatorAlert.updateMany({
    where: { id: change.id, resolvedAt: null },
    data: { resolvedAt: change.at, resolvedBy: change.by },
  });
  return count === 1;
}

/** The open alert of a kind about a subject, if any (an unmatched Pix an operator returns). */
export async function findOpenOperatorAlert(
  db: DbOrTx,
  kind: OperatorAlertKind,
  subject: string,
): Promise<OperatorAlertRecord | null> {
  return db.operatorAlert.findFirst({ where: { kind, subject, resolvedAt: null } });
}
