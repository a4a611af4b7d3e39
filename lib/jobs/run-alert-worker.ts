import { getConfig } from "../config/config";
import { runPeriodically } from "./run-periodically";
import { deliverDueAlerts } from "../alerts/deliver-due-alerts";

/** Whether alerts go anywhere beyond the console: without a channel, no worker polls for them. */
export function hasAlertChannels(): boolean {
  const { alerts, email } = getConfig();
  return alerts.webhook !== null || (alerts.emailTo !== null && email !== null);
}

/**
 * Sends due operator alerts until stopped, beside callback delivery and at its pace: the callback
 * workers (in the server, or `callbacks run`) are the deployment's outbound senders.
 */
export async function runAlertWorker(options: { signal?: AbortSignal; isOnce?: boolean }): Promise<void> {
  if (!hasAlertChannels()) return;
  if (options.isOnce) {
    await deliverDueAlerts();
    return;
  }
  await runPeriodically("alert deliveries", () => deliverDueAlerts(), {
    intervalMs: getConfig().callbacks.pollMs,
    signal: options.signal,
  });
}
