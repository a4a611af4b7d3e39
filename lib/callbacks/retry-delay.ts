/** Up to a fifth more: workers that failed together do not retry together. Never shorter. */
const JITTER = 0.2;

/**
 * Milliseconds until the next attempt after the step-th failure of this round (0 for the first
 * failure), or null when the schedule is spent and the event is failed.
 */
export function retryDelayMs(
  schedule: readonly number[],
  step: number,
  random: () => number = Math.random,
): number | null {
  if (step >= schedule.length) return null;
  return Math.round(schedule[step] * 1000 * (1 + JITTER * random()));
}
