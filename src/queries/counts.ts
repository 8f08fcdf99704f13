/**
 * Unread and unseen counts from the service, honest about what it knows. The
 * deployed service reports `pageSize` as the requested limit and `totalCount`
 * as at most that limit, so neither is a count: a count comes from the items
 * a page holds and `hasMore`, and is either exact or a lower bound ("99+").
 */
import type { FeedPage } from '../client/index';
import type { StoredItem } from './stored-item';

export interface Count {
  /** The number, or a lower bound of it when `exact` is false. */
  value: number;
  exact: boolean;
}

/** Which count: notifications not read, or not seen (the "new since you last looked" badge). */
export type CountKind = 'unread' | 'unseen';

/** One count, and the newest matching notifications it was counted from (what is new shows there first). */
export interface CountData {
  count: Count;
  /** Up to `COUNT_LIMIT` of the newest matching notifications. */
  items: StoredItem[];
  /** `items` holds every matching notification. */
  complete: boolean;
}

/**
 * One request counts up to this many: past it the count is a lower bound ("99+"). Also the
 * service's largest page, so one request serves both the badge and what is new.
 */
export const COUNT_LIMIT = 100;

/** What one page tells about the number of matching notifications. */
export function countOf(page: FeedPage): Count {
  const items = page.data.length + page.invalidItems.length;
  return page.hasMore ? { value: items + 1, exact: false } : { value: items, exact: true };
}

/** The filter a kind of count counts. */
export function countFilter(kind: CountKind): { read: false } | { seen: false } {
  return kind === 'unread' ? { read: false } : { seen: false };
}

/**
 * The text of a badge: exact counts up to `max`, then `99+`; a lower bound `n`
 * reads `${n - 1}+` ("more than"), capped at `max+`.
 */
export function formatCount(count: Count, max = 99): string {
  if (count.exact) return count.value > max ? `${max}+` : String(count.value);
  return `${Math.min(Math.max(count.value - 1, 0), max)}+`;
}

/** A count after `delta` items changed state; a lower bound stays a lower bound. */
export function shiftCount(count: Count, delta: number): Count {
  return { value: Math.max(0, count.value + delta), exact: count.exact };
}
