// Operator alerts sent to people, the way callbacks are sent to merchants: each delivery (one per
// alert and channel, written with the alert) is claimed under a lease, so two workers never send
// it at once, tried, and on failure tried again on the callbacks' retry schedule until it is
// spent; then it is failed, and the overview says so beside the alert.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { callbackLeaseMs } from "../callbacks/deliver-due-callbacks";
import { retryDelayMs } from "../callbacks/retry-delay";
import { getConfig } from "../config/config";
import { type AlertDeliveryRecord, claimDueAlertDeliveries, completeAlertDelivery } from "../db/alert-deliveries";
import { getDb } from "../db/client";
import { log } from "../log/logger";
import { metrics } from "../metrics/metrics";
import { sendAlertEmail } from "./send-alert-email";
import { sendAlertWebhook } from "./send-alert-webhook";

export const ALERT_DELIVERY_RESULTS = ["delivered", "retrying", "failed", "lease-lost"] as const;
type Result = (typeof ALERT_DELIVERY_RESULTS)[number];

const SENDERS = { webhook: sendAlertWebhook, email: sendAlertEmail };

async function attemptAlertDelivery(delivery: AlertDeliveryRecord, owner: string): Promise<Result> {
  const error = await SENDERS[delivery.channel](delivery.alert);
  const now = new Date();
  const delay = error === null ? null : retryDelayMs(getConfig().callbacks.retrySchedule, delivery.attempts);
  const next =
    error === null
      ? ({ status: "delivered" } as const)
      : delay === null
        ? ({ status: "failed", error } as const)
        : ({ status: "pending", error, nextAttemptAt: new Date(now.getTime() + delay) } as const);
  const isRecorded = await completeAlertDelivery(getDb(), { id: delivery.id, owner, attemptedAt: now, next });
  const fields = {
    alertId: delivery.alert.id,
    alert: delivery.alert.kind,
    channel: delivery.channel,
    attempt: delivery.attempts + 1,
  };
  if (!isRecorded) {
    log.warn("alert delivery lease lost; another worker owns the delivery now", fields);
    return "lease-lost";
  }
  if (next.status === "delivered") log.info("alert delivered", fields);
  else if (next.status === "failed")
    log.error("alert delivery failed; the retry schedule is spent", { ...fields, error });
  else log.warn("alert delivery failed; will retry", { ...fields, error, nextAttemptAt: next.nextAttemptAt });
  return next.status === "pending" ? "retrying" : next.status;
}

/** One batch: every due delivery this process wins, in parallel. Counts by result, for the job's log and metrics. */
export async function deliverDueAlerts(
  options: { owner?: string; limit?: number } = {},
): Promise<Record<Result, number>> {
  const now = new Date();
  const owner = `${options.owner ?? `${hostname()}:${process.pid}`}:${randomBytes(4).toString("hex")}`;
  const claimed = await claimDueAlertDeliveries(getDb(), {
    owner,
    now,
    leaseUntil: new Date(now.getTime() + callbackLeaseMs()),
    limit: options.limit ?? 20,
  });
  const counts = Object.fromEntries(ALERT_DELIVERY_RESULTS.map((result) => [result, 0])) as Record<Result, number>;
  await Promise.all(
    claimed.map(async (delivery) => {
      const result = await attemptAlertDelivery(delivery, owner);
      counts[result] += 1;
      metrics().alertDeliveries.inc({ channel: delivery.channel, result });
    }),
  );
  return counts;
}
