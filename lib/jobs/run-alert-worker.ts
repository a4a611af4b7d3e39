import { configuredAlertChannels } from "../alerts/raise-operator-alert";
import { getConfig } from "../config/config";
import { metrics } from "../metrics/metrics";
import { runPeriodically } from "./run-periodically";
import { ALERT_DELIVERY_RESULTS, deliverDueAlerts } from "../alerts/deliver-due-alerts";

/** Whether alerts go anywhere beyond the console: without a channel, no worker polls for them. */
export const hasAlertChannels = () => configuredAlertChannels().length > 0;

/**
 * Sends due operator alerts until stopped, beside callback delivery and at its pace: the callback
 * workers (in the server, or `callbacks run`) are the deployment's outbound senders.
 */
export async function runAlertWorker(options: { signal?: AbortSignal; isOnce?: boolean }): Promise<void> {
  const channels = configuredAlertChannels();
  if (channels.length === 0) return;
  // Every series at 0 from the start: a rule's increase() sees a first failure only from a known 0.
  for (const channel of channels)
    for (const result of ALERT_DELIVERY_RESULTS) metrics().alertDeliveries.inc({ channel, result }, 0);
  if (options.isOnce) {
    await deliverDueAlerts();
    return;
  }
  await runPeriodically("alert deliveries", () => deliverDueAlerts(), {
    intervalMs: getConfig().callbacks.pollMs,
    signal: options.signal,
  });
}
