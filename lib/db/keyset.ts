// Keyset pagination for newest-first lists: a page is read from an index on (createdAt, id) past
// the row the last page ended at, so page 2,000 costs what page 1 does (OFFSET would read and
// throw away every row before it).

/** The row a page ends or starts at. */
export type Keyset = { createdAt: Date; id: string };

/** "older": the rows after the cursor in newest-first order (the next page); "newer": those before it. */
export type PageDirection = "older" | "newer";

export type PageRequest = { cursor?: Keyset; direction: PageDirection; limit: number };

/** The rows past the cursor; the leading bound keeps the scan inside the index's range, the OR only breaks ties within one instant. */
export function keysetWhere(page: PageRequest) {
  const { cursor } = page;
  if (!cursor) return {};
  if (page.direction === "older") {
    return {
      createdAt: { lte: cursor.createdAt },
      OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }],
    };
  }
  return {
    createdAt: { gte: cursor.createdAt },
    OR: [{ createdAt: { gt: cursor.createdAt } }, { id: { gt: cursor.id } }],
  };
}

/** Read away from the cursor: newest first for older rows, oldest first for newer ones. */
export function keysetOrder(page: PageRequest) {
  const order = page.direction === "older" ? ("desc" as const) : ("asc" as const);
  return [{ createdAt: order }, { id: order }];
}

/** Newest first, ties by id: the order every page is shown in, whichever way it was read. */
export function compareNewestFirst(a: Keyset, b: Keyset): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
