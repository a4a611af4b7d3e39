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
    this.forgetAllBut(new Set(items.map(idOf)));
    return items.filter((item) => this.isDue(idOf(item)));
  }

  /**
   * Whether the id is asked about at this turn; one sitting out counts the turn. For a job that
   * takes its candidates a page at a time, with forgetAllBut once it has seen them all.
   */
  isDue(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry || entry.runsToSkip === 0) return true;
    entry.runsToSkip--;
    return false;
  }

  /** Forgets every id but these: those no longer candidates. */
  forgetAllBut(ids: ReadonlySet<string>): void {
    for (const id of this.entries.keys()) if (!ids.has(id)) this.entries.delete(id);
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
