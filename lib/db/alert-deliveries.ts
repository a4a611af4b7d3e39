import type { DbOrTx } from "./client";
import type { AlertChannel, OperatorAlertRecord } from "./operator-alerts";

export type AlertDeliveryRecord = {
  id: string;
  channel: AlertChannel;
  attempts: number;
  alert: OperatorAlertRecord;
};

const leaseIsFree = (now: Date) => ({ OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] });

/**
 * Takes the lease on up to `limit` due deliveries no live lease holds, with the same conditional
 * update as callback events (claimCallbackEvents): of two workers, one wins each. Returns what
 * this owner now holds, with the alert each sends.
 */
export async function claimDueAlertDeliveries(
  db: DbOrTx,
  options: { owner: string; now: Date; leaseUntil: Date; limit: number },
): Promise<AlertDeliveryRecord[]> {
  const due = { status: "pending", nextAttemptAt: { lte: options.now }, ...leaseIsFree(options.now) };
  const ids = await db.alertDelivery.findMany({
    where: due,
    orderBy: { nextAttemptAt: "asc" },
    take: options.limit,
    select: { id: true },
  });
  if (ids.length === 0) return [];
  await db.alertDelivery.updateMany({
    where: { id: { in: ids.map((row) => row.id) }, ...due },
    data: { leaseOwner: options.owner, leaseExpiresAt: options.leaseUntil },
  });
  const rows = await db.alertDelivery.findMany({
    where: { id: { in: ids.map((row) => row.id) }, leaseOwner: options.owner },
    select: { id: true, channel: true, attempts: true, alert: true },
  });
  return rows.map((row) => ({ ...row, channel: row.channel as AlertChannel }));
}

/**
 * Records one attempt and the delivery's next state, and releases the lease, while the lease is
 * still this owner's; false when it was lost (another worker holds the delivery now).
 */
export async function completeAlertDelivery(
  db: DbOrTx,
  options: {
    id: string;
    owner: string;
    attemptedAt: Date;
    next:
      | { status: "delivered" }
      | { status: "pending"; nextAttemptAt: Date; error: string }
      | { status: "failed"; error: string };
  },
): Promise<boolean> {
  const { next } = options;
  const { count } = await db.alertDelivery.updateMany({
    where: { id: options.id, leaseOwner: options.owner },
    data: {
      status: next.status,
      attempts: { increment: 1 },
      lastAttemptAt: options.attemptedAt,
      lastError: next.status === "delivered" ? null : next.error,
      deliveredAt: next.status === "delivered" ? options.attemptedAt : null,
      ...(next.status === "pending" ? { nextAttemptAt: next.nextAttemptAt } : {}),
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
  return count === 1;
}
