/**
 * How a v1 list pages: the service pages by number (`page × limit` is the offset), so each page is the
 * number-and-limit that best covers where the list continues (an overlap costs nothing, see list-query).
 */

/** The service's largest page. */
export const MAX_PAGE = 100;

/** The page number and limit whose page covers `start` and as many of the `size` after it as it can. */
export function pageFor(start: number, size: number): { page: number; limit: number } {
  const want = Math.min(Math.max(1, size), MAX_PAGE);
  let best = { limit: want, fresh: 0, waste: Infinity };
  for (let limit = 1; limit <= MAX_PAGE; limit++) {
    // The page of this limit that holds `start` begins `waste` before it, and holds `fresh` of those wanted.
    const waste = start % limit;
    const fresh = Math.min(limit - waste, want);
    if (fresh > best.fresh || (fresh === best.fresh && waste < best.waste)) best = { limit, fresh, waste };
  }
  return { page: Math.floor(start / best.limit), limit: best.limit };
}
