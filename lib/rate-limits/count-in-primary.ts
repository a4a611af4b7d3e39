// npm start's primary process holds the instance's rate-limit counters (rate-limiter-flexible's
// cluster store): each worker's limiter asks it over the cluster's IPC, so a budget is counted
// once per instance however many workers serve (lib/rate-limits/consume-rate-limit).
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

let counters: RateLimiterClusterMaster | undefined;

/** Starts answering the workers' counts; call once in the primary, before the first fork. */
export function countRateLimitsInPrimary(): void {
  counters ??= new RateLimiterClusterMaster();
}
