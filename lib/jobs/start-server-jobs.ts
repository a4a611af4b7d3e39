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
 * are leased, and every status change is conditional. Resolves once the signal has stopped them
 * all: a callback batch under way finishes first, recording its attempts and releasing its leases.
 */
async function startServerJobs(signal: AbortSignal): Promise<void> {
  const config = getConfig();
  if (!config.callbacks.runWorkerInServer) return;
  log.info("background jobs started: callback delivery, deposit expiry, reconciliation");
  // Without a PSP this still follows up refunds whose call never returned.
  const reconcileSeconds = config.psp?.reconcileSeconds ?? 60;
  await Promise.all([
    runCallbackWorker({ signal }),
    runPeriodically("deposits expired", () => expireDueDeposits(), { intervalMs: 5_000, signal }),
    runPeriodically("reconciliation", () => reconcileLiveDeposits(), { intervalMs: reconcileSeconds * 1000, signal }),
  ]);
}

// On globalThis: Next.js's bundle (instrumentation.ts starts the jobs) and npm start's script
// (which stops them on SIGTERM) each load their own copy of this module.
const shared = globalThis as unknown as { cashierServerJobs?: { controller: AbortController; stopped: Promise<void> } };

/** Starts this process's background jobs, once. */
export function startProcessJobs(): void {
  if (shared.cashierServerJobs) return;
  const controller = new AbortController();
  shared.cashierServerJobs = { controller, stopped: startServerJobs(controller.signal) };
}

/** Stops this process's background jobs and resolves when they have ended. */
export async function stopProcessJobs(): Promise<void> {
  shared.cashierServerJobs?.controller.abort();
  await shared.cashierServerJobs?.stopped;
}
