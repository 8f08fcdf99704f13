/**
 * Unread and unseen counts from the service, honest about what it knows. The
 * deployed service reports `pageSize` as the requested limit and `totalCount`
 * as at most that limit, so neither is a count: a count comes from the items
 * a page holds and `hasMore`, and is either exact or a lower bound ("99+").
 */
import type { FeedPage, InboxClient, RequestOptions } from '../client/index';
import { emptyPage, orWhenUnknown } from './unknown-subscriber';

export interface Count {
  /** The number, or a lower bound of it when `exact` is false. */
  value: number;
  exact: boolean;
}

export interface Counts {
  unread: Count;
  unseen: Count;
  /** Id of the newest unread notification: when it changes, something new arrived. */
  newestUnreadId: string | undefined;
}

/** What one page tells about the number of matching notifications, if anything certain. */
export function countFromPage(page: FeedPage): Count | undefined {
  return page.hasMore ? undefined : { value: itemsOf(page), exact: true };
}

/** Items the service sent, valid or not: an item the client left out is still a notification. */
function itemsOf(page: FeedPage): number {
  return page.data.length + page.invalidItems.length;
}

const PROBE_LIMIT = 1;
const FALLBACK_LIMIT = 100;

/** Counts notifications matching a filter with one small request, and a second only when the first cannot be trusted. */
export async function countMatching(
  client: InboxClient,
  subscriberId: string,
  filter: { read?: boolean; seen?: boolean },
  options: RequestOptions,
): Promise<{ count: Count; newestId: string | undefined }> {
  const probe = await orWhenUnknown(client.getFeed({ subscriberId, ...filter, limit: PROBE_LIMIT }, options), () => emptyPage(0, PROBE_LIMIT));
  const newestId = probe.data[0]?._id;
  const known = countFromPage(probe);
  if (known) return { count: known, newestId };
  const wide = await client.getFeed({ subscriberId, ...filter, limit: FALLBACK_LIMIT }, options);
  return { count: countFromPage(wide) ?? { value: itemsOf(wide) + 1, exact: false }, newestId };
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
