import { setTimeout as sleep } from "node:timers/promises";
import { noteDatabaseOutage } from "../db/database-outage";
import { log } from "../log/logger";
import { metrics } from "../metrics/metrics";

/**
 * Runs a background task every interval until stopped. A failed run is logged and tried again at
 * the next interval: a database or PSP hiccup must not stop the job for good.
 */
export async function runPeriodically(
  name: string,
  task: () => Promise<Record<string, number> | number>,
  options: { intervalMs: number; signal?: AbortSignal },
): Promise<void> {
  // A label a query names without quoting spaces.
  const job = name.replaceAll(" ", "_");
  while (!options.signal?.aborted) {
    try {
      const result = await task();
      const counts = typeof result === "number" ? { count: result } : result;
      metrics().jobRuns.inc({ job, result: "ok" });
      for (const [item, value] of Object.entries(counts)) if (value > 0) metrics().jobItems.inc({ job, item }, value);
      if (Object.values(counts).some((value) => value > 0)) log.info(name, counts);
    } catch (error) {
      metrics().jobRuns.inc({ job, result: "failed" });
      // A database outage is logged once, as it starts and ends, not by every run of every job.
      if (!noteDatabaseOutage(error))
        log.error(`${name} failed`, { error: error instanceof Error ? error.message : String(error) });
    }
    await sleep(options.intervalMs, undefined, { signal: options.signal }).catch(() => undefined);
  }
}
