import { setTimeout as sleep } from "node:timers/promises";

type Clock = { now: () => number; sleep: (ms: number) => Promise<unknown> };

/**
 * A gate that lets calls through `perSecond` a second, spaced evenly, however many wait at once:
 * reconciliation's share of a PSP's rate limit, kept without a burst at the start of each run.
 */
export function paceCalls(
  perSecond: number,
  clock: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) },
): () => Promise<void> {
  const spacingMs = 1000 / perSecond;
  let nextAt = 0;
  return async () => {
    const now = clock.now();
    const at = Math.max(now, nextAt);
    nextAt = at + spacingMs;
    if (at > now) await clock.sleep(at - now);
  };
}
