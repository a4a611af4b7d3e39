/**
 * Calls `task` for every item with at most `limit` calls under way at once, and resolves with
 * the results in the items' order. A task that throws stops further items from starting; the
 * error is thrown once the calls already under way have ended, so none is left running unseen.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a whole number of at least 1, not ${limit}`);
  const results: R[] = new Array(items.length);
  let next = 0;
  let hasFailed = false;
  const work = async () => {
    while (!hasFailed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]);
      } catch (error) {
        hasFailed = true;
        throw error;
      }
    }
  };
  const workers = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, work));
  const failure = workers.find((worker) => worker.status === "rejected");
  if (failure) throw failure.reason;
  return results;
}
