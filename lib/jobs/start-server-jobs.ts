import { runCallbackWorker } from "../callbacks/run-callback-worker";
import { getConfig } from "../config/config";
import { expireDueDeposits } from "../deposits/expire-due-deposits";
import { reconcileLiveDeposits } from "../deposits/reconcile-live-deposits";
import { log } from "../log/logger";
import { runPeriodically } from "./run-periodically";

/**
 * The background work every server does unless CALLBACK_WORKER=false (when separate
 * `npm run cashier -- callbacks run` processes do it): delivering callbacks, expiring sandbox
 * deposits, and reconciling with the PSP. Each is safe in several processes at once: callbacks
 * are leased, and every status change is conditional.
 */
export function startServerJobs(): void {
  const config = getConfig();
  if (!config.callbacks.runWorkerInServer) return;
  log.info("background jobs started: callback delivery, deposit expiry, reconciliation");
  void runCallbackWorker();
  void runPeriodically("deposits expired", () => expireDueDeposits(), { intervalMs: 5_000 });
  // Without a PSP this still follows up refunds whose call never returned.
  const reconcileSeconds = config.psp?.reconcileSeconds ?? 60;
  void runPeriodically("reconciliation", () => reconcileLiveDeposits(), { intervalMs: reconcileSeconds * 1000 });
}
