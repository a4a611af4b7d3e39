/**
 * Exponential backoff per id, counted in runs of a periodic job and kept in memory: after n
 * failures in a row an id sits out 2^(n-1) runs (1, 2, 4…), at most `maxSkippedRuns`; a success
 * forgets it. One that keeps failing (a PSP that times out on it) then costs a call now and then
 * instead of one every run.
 */
export class RunBackoff {
  private readonly entries = new Map<string, { failures: number; runsToSkip: number }>();

  /** `maxSkippedRuns` is asked when an id fails, so a job's backoff may exist before its configuration is read. */
  constructor(private readonly maxSkippedRuns: () => number) {}

  /**
   * One run's candidates, less those sitting this run out (which count it). Ids no longer among
   * the candidates are forgotten, so the memory never outgrows what is pending.
   */
  due<T>(items: readonly T[], idOf: (item: T) => string): T[] {
    const present = new Set(items.map(idOf));
    for (const id of this.entries.keys()) if (!present.has(id)) this.entries.delete(id);
    return items.filter((item) => {
      const entry = this.entries.get(idOf(item));
      if (!entry || entry.runsToSkip === 0) return true;
      entry.runsToSkip--;
      return false;
    });
  }

  failed(id: string): void {
    const failures = (this.entries.get(id)?.failures ?? 0) + 1;
    this.entries.set(id, { failures, runsToSkip: Math.min(2 ** Math.min(failures - 1, 30), this.maxSkippedRuns()) });
  }

  succeeded(id: string): void {
    this.entries.delete(id);
  }
}

/** How many runs of a job every `intervalMs` fit in `maxDelayMs`: the most an id sits out. */
export function runsWithin(maxDelayMs: number, intervalMs: number): number {
  return Math.max(1, Math.ceil(maxDelayMs / intervalMs));
}
