/**
 * How a v1 list pages: the service pages by number (`page × limit` is the offset), so each page is the
 * number-and-limit that best covers where the list continues (an overlap costs nothing, see list-query).
 */

/** The service's largest page. */
export const MAX_PAGE = 100;

/** The page number and limit whose page covers `start` and as many of the `size` after it as it can. */
export function pageFor(start: number, size: number): { page: number; limit: number } {
  const want = Math.min(Math.max(1, size), MAX_PAGE);
  let best = { page: 0, limit: want, fresh: 0, waste: Infinity };
  for (let limit = 1; limit <= MAX_PAGE; limit++) {
    const page = Math.floor(start / limit);
    const fresh = Math.min((page + 1) * limit - start, want);
    const waste = start - page * limit;
    if (fresh > best.fresh || (fresh === best.fresh && waste < best.waste)) best = { page, limit, fresh, waste };
  }
  return { page: best.page, limit: best.limit };
}
