import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { getConfig } from "../config/config";
import { noteDatabaseOutage } from "../db/database-outage";
import { log } from "../log/logger";
import { metrics } from "../metrics/metrics";
import type { CallbackTransport } from "./attempt-callback";
import { callbackLeaseMs, deliverDueCallbacks } from "./deliver-due-callbacks";

export type WorkerOptions = {
  /** Stops the loop (between batches; an attempt under way finishes and is recorded). */
  signal?: AbortSignal;
  /** Return once nothing is due instead of polling for more. */
  isOnce?: boolean;
  transport?: CallbackTransport;
  /** How long a batch may take before the worker goes on without it; its leases' length unless a test sets it. */
  batchDeadlineMs?: number;
};

class BatchStuck extends Error {}

/**
 * A batch's attempts each end within the HTTP timeout, so one still running when its leases end
 * is stuck on something that will never answer. The worker goes on without it (the events' leases
 * let any worker take them again) instead of delivering nothing more, or never exiting `--once`.
 */
async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BatchStuck(`a batch of callbacks did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Delivers due callbacks until stopped. Returns the number of attempts made. */
export async function runCallbackWorker(options: WorkerOptions = {}): Promise<number> {
  // Unique per worker, so leases tell two workers on one machine apart.
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const { pollMs } = getConfig().callbacks;
  let total = 0;
  while (!options.signal?.aborted) {
    let due = 0;
    try {
      const batch = await withinDeadline(
        deliverDueCallbacks({ owner, transport: options.transport }),
        options.batchDeadlineMs ?? callbackLeaseMs(),
      );
      due = batch.due;
      total += batch.claimed;
    } catch (error) {
      if (error instanceof BatchStuck) {
        metrics().callbackBatchesStuck.inc();
        log.error("callback batch stuck; its events go to the next worker when their leases end", {
          owner,
          error: error.message,
        });
        // --once returns: what stuck one batch would stick the next, and the caller is waiting.
        if (options.isOnce) break;
        continue;
      }
      // A database hiccup must not stop delivery for good: log it (an outage once, as it starts
      // and ends) and try again after a pause.
      if (!noteDatabaseOutage(error))
        log.error("callback worker batch failed", {
          owner,
          error: error instanceof Error ? error.message : String(error),
        });
    }
    // Found work (even if another worker won it): look again at once.
    if (due > 0) continue;
    if (options.isOnce) break;
    await sleep(pollMs, undefined, { signal: options.signal }).catch(() => undefined);
  }
  return total;
}
