import { runCallbackWorker } from "../callbacks/run-callback-worker";
import { getConfig } from "../config/config";
import { runExpirySweeper } from "../deposits/run-expiry-sweeper";
import { log } from "../log/logger";

/**
 * The background work every server does unless CALLBACK_WORKER=false (when separate
 * `npm run cashier -- callbacks run` processes do it): delivering callbacks and expiring deposits.
 * When the server stops mid-attempt, the lease lapses and the next worker sends that event again
 * (at least once; event_id lets merchants de-duplicate).
 */
export function startServerJobs(): void {
  if (!getConfig().callbacks.runWorkerInServer) return;
  log.info("background jobs started: callback delivery, deposit expiry");
  void runCallbackWorker();
  void runExpirySweeper();
}
