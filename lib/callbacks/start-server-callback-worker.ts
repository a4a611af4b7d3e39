import { getConfig } from "../config/config";
import { log } from "../log/logger";
import { runCallbackWorker } from "./run-callback-worker";

/**
 * Runs the worker for the server's lifetime. When the server stops mid-attempt, the lease lapses
 * and the next worker sends that event again (at least once; event_id lets merchants de-duplicate).
 */
export function startServerCallbackWorker(): void {
  if (!getConfig().callbacks.runWorkerInServer) return;
  log.info("callback worker started");
  void runCallbackWorker();
}
