/**
 * How the feed pages: the first page small (fast to show), then growing with what the reader
 * has scrolled through, up to the service's 100 a page, so 500 notifications take 8 requests,
 * not 25. The service pages by number (`page × limit` is the offset), so each page is the
 * number-and-limit that best covers where the list continues; an overlap with what is loaded is
 * dropped as repeats, and a gap never happens.
 */

/** The service's largest page. */
export const MAX_PAGE = 100;

/** Where a page starts in the service's list, and how many it wants. */
export interface FeedPageParam {
  start: number;
  size: number;
}

export const FIRST_PAGE = (size: number): FeedPageParam => ({ start: 0, size });

/** The page number and limit whose page covers `start` and as many of the `size` after it as it can. */
export function pageFor(start: number, size: number): { page: number; limit: number } {
  const want = Math.min(Math.max(1, size), MAX_PAGE);
  if (start % want === 0) return { page: start / want, limit: want };
  let best = { page: 0, limit: want, fresh: 0, waste: Infinity };
  for (let limit = 1; limit <= MAX_PAGE; limit++) {
    const page = Math.floor(start / limit);
    const fresh = Math.min((page + 1) * limit - start, want);
    const waste = start - page * limit;
    if (fresh > best.fresh || (fresh === best.fresh && waste < best.waste)) best = { page, limit, fresh, waste };
  }
  return { page: best.page, limit: best.limit };
}

/**
 * The page after `param`: it starts where that one's request ended, moved by `shift`: the items
 * that joined (+) or left (−) the service's list within the loaded pages since that page was
 * fetched (the reader marked one read on the Unread tab). It doubles what is loaded.
 */
export function nextPageParam(param: FeedPageParam, firstSize: number, shift = 0): FeedPageParam {
  const { page, limit } = pageFor(param.start, param.size);
  const start = Math.max(0, (page + 1) * limit + shift);
  return { start, size: Math.min(MAX_PAGE, Math.max(firstSize, start)) };
}
