/**
 * A feed cache on v2: the service's pages as ids and whether more follow, untouched by optimistic
 * writes (the notifications themselves are in the table). A refreshed first page puts what is new
 * at the head without moving what the later pages hold; a next page is asked after the oldest
 * notification the pages hold that still exists (list-view.ts).
 */

export interface FeedPages {
  /** Each page's ids, newest first, in the order the pages were read. */
  pages: string[][];
  /** Whether the service has more after the last page. */
  hasMore: boolean;
}

export const EMPTY_FEED: FeedPages = { pages: [], hasMore: true };

/** The ids the pages hold, each once, in order. */
export function heldIds(feed: FeedPages): string[] {
  return [...new Set(feed.pages.flat())];
}

/** A page read after the last one. */
export function appendPage(feed: FeedPages, ids: readonly string[], hasMore: boolean): FeedPages {
  return { pages: [...feed.pages, [...ids]], hasMore };
}

/**
 * The first page read again (a poll, a reconnect): it replaces the first page; ids it shares with
 * later pages stay where the first page now has them. When the refreshed page holds none of the
 * ids the pages held before, what lies between is unknown: the feed starts again from this page.
 */
export function refreshHead(feed: FeedPages, ids: readonly string[], hasMore: boolean): FeedPages {
  if (feed.pages.length === 0) return { pages: [[...ids]], hasMore };
  const fresh = new Set(ids);
  const held = heldIds(feed);
  if (held.length > 0 && ids.length > 0 && !held.some((id) => fresh.has(id))) return { pages: [[...ids]], hasMore };
  const later = feed.pages.slice(1).map((page) => page.filter((id) => !fresh.has(id)));
  return { pages: [[...ids], ...later], hasMore: feed.pages.length === 1 ? hasMore : feed.hasMore };
}
