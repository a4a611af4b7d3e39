import { type Keyset, type PageRequest, compareNewestFirst } from "./keyset";

export type KeysetPage<T> = {
  /** Newest first. */
  rows: T[];
  /** The row to read older rows after, and newer rows before; null at either end. */
  olderFrom: T | null;
  newerFrom: T | null;
};

/**
 * One page of a newest-first list read by keyset: `size` rows after the `after` cursor (older), or
 * before the `before` cursor (newer), with the cursors of the pages on either side. `read` returns
 * up to `limit` rows nearest the cursor first.
 */
export async function readKeysetPage<T extends Keyset>(
  read: (page: PageRequest) => Promise<T[]>,
  cursors: { after?: Keyset; before?: Keyset },
  size: number,
): Promise<KeysetPage<T>> {
  const isBackwards = cursors.before !== undefined && cursors.after === undefined;
  const cursor = isBackwards ? cursors.before : cursors.after;
  const rows = await read({ cursor, direction: isBackwards ? "newer" : "older", limit: size + 1 });
  const hasMore = rows.length > size;
  // Back at the newest rows: the first page itself, full, rather than what was left above the cursor.
  if (isBackwards && !hasMore) return readKeysetPage(read, {}, size);
  const shown = rows.slice(0, size).sort(compareNewestFirst);
  // Reading older rows, the newer side is where the reader came from, and the other way round.
  const hasOlder = isBackwards ? cursor !== undefined : hasMore;
  const hasNewer = isBackwards ? hasMore : cursor !== undefined;
  return {
    rows: shown,
    olderFrom: hasOlder ? (shown.at(-1) ?? null) : null,
    newerFrom: hasNewer ? (shown[0] ?? null) : null,
  };
}
