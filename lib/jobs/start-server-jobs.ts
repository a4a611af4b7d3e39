import { hasAlertChannels, runAlertWorker } from "./run-alert-worker";
import { runCallbackWorker } from "../callbacks/run-callback-worker";
import { getConfig } from "../config/config";
import { expireDueDeposits } from "../deposits/expire-due-deposits";
import { log } from "../log/logger";
import { runPeriodically } from "./run-periodically";
import { runReconciler } from "./run-reconciler";

/**
 * The background work a server does, in two parts each deployment may move out of its
 * servers: callback delivery (and operator alerts' to people) unless CALLBACK_WORKER=false (when separate `npm run cashier --
 * callbacks run` processes do it), and, unless RECONCILE_WORKER=false, expiring deposits and
 * reconciling with the PSP. CASHIER_ROLE=api turns both off (lib/config/config). Each is safe in several processes at once: callbacks are leased,
 * reconciliation is done by the one process holding its lease, and every status change is
 * conditional. Resolves once the signal has stopped them all: a callback batch under way
 * finishes first, recording its attempts and releasing its leases.
 */
async function startServerJobs(signal: AbortSignal): Promise<void> {
  const config = getConfig();
  const jobs: Record<string, () => Promise<unknown>> = {};
  if (config.callbacks.runWorkerInServer) {
    jobs["callback delivery"] = () => runCallbackWorker({ signal });
    if (hasAlertChannels()) jobs["alert delivery"] = () => runAlertWorker({ signal });
  }
  if (config.reconcile.runInServer) {
    jobs["deposit expiry"] = () =>
      runPeriodically("deposits expired", () => expireDueDeposits(), { intervalMs: 5_000, signal });
    // Without a PSP this still follows up refunds whose call never returned.
    jobs.reconciliation = () => runReconciler({ intervalMs: config.reconcile.intervalMs, signal });
  }
  const names = Object.keys(jobs);
  if (names.length === 0) return;
  log.info(`background jobs started: ${names.join(", ")}`);
  await Promise.all(Object.values(jobs).map((start) => start()));
}

// On globalThis: Next.js's bundle (instrumentation.ts starts the jobs) and npm start's script
// (which stops them on SIGTERM) each load their own copy of this module.
const shared = globalThis as unknown as {
  cashierServerJobs?: { controller: AbortController; stopped: Promise<void> };
  cashierJobsAwaitListening?: boolean;
};

/**
 * npm start's server starts the jobs itself once it listens (lib/server/serve-gateway), so a
 * process that cannot serve (its port taken) never delivers a callback nor reconciles; Next.js's
 * register(), which runs before that, then leaves them.
 */
export function startProcessJobsOnceListening(): void {
  shared.cashierJobsAwaitListening = true;
}

/** Starts this process's background jobs, once; `listening` from the server that held them. */
export function startProcessJobs(options: { listening?: boolean } = {}): void {
  if (shared.cashierServerJobs) return;
  if (shared.cashierJobsAwaitListening && !options.listening) return;
  const controller = new AbortController();
  shared.cashierServerJobs = { controller, stopped: startServerJobs(controller.signal) };
}

/** Stops this process's background jobs and resolves when they have ended. */
export async function stopProcessJobs(): Promise<void> {
  shared.cashierServerJobs?.controller.abort();
  await shared.cashierServerJobs?.stopped;
}
