/**
 * The v2 count route over a v1-only service, within a fixed number of requests. v1 has no count
 * route: a count is a list of the first 100, counted (100, when more follow, is a lower bound, as
 * the service's own count is). Filters of the same read and seen share one list. Past the number of
 * lists allowed, the first filters have theirs; another is counted exactly from a list that holds
 * every notification it selects (no more follow), or is at least 100 where a list within it had 100. A filter no list
 * read settles is answered 100 (`COUNT_CAP`), the one count the kit (like the service's own count
 * route) reads as not exact, "at least 100", shown as 99+: true where a list within the filter had
 * 100; otherwise a count the lists cannot give, which may be fewer. Never a number that looks exact
 * and is not: the notifications of the filter that the lists brought are only some of them.
 */
import type { InboxClient } from '../client/client';
import type { NotificationsPage } from '../client/notifications';
import { COUNT_CAP, listedCount } from '../queries/count-plan';

/** What v1 can list by: read and seen (`undefined`: either). */
export interface V1CountFilter {
  read?: boolean | undefined;
  seen?: boolean | undefined;
}

interface Listed {
  filter: V1CountFilter;
  page: NotificationsPage;
}

const same = (a: V1CountFilter, b: V1CountFilter) => a.read === b.read && a.seen === b.seen;

/** Whether every notification `inner` selects, `outer` selects too. */
const within = (inner: V1CountFilter, outer: V1CountFilter) =>
  (outer.read === undefined || inner.read === outer.read) && (outer.seen === undefined || inner.seen === outer.seen);

const selects = (filter: V1CountFilter, item: { isRead: boolean; isSeen: boolean }) =>
  (filter.read === undefined || item.isRead === filter.read) && (filter.seen === undefined || item.isSeen === filter.seen);

function distinct(filters: readonly V1CountFilter[]): V1CountFilter[] {
  const kept: V1CountFilter[] = [];
  for (const { read, seen } of filters) if (!kept.some((filter) => same(filter, { read, seen }))) kept.push({ read, seen });
  return kept;
}

/**
 * The lists that count `wanted`, at most `allowed`: one for each of the first filters (a caller puts
 * first the counts it shows; the inbox's own need two at most).
 */
export function listsFor(wanted: readonly V1CountFilter[], allowed: number): V1CountFilter[] {
  return distinct(wanted).slice(0, Math.max(0, allowed));
}

/** A count of `filter` from the lists read (see the file's comment). */
export function countFrom(filter: V1CountFilter, lists: readonly Listed[]): number {
  const own = lists.find((listed) => same(listed.filter, filter));
  if (own) return listedCount(own.page);
  const whole = lists.find((listed) => !listed.page.hasMore && within(filter, listed.filter));
  if (whole) return whole.page.data.filter((item) => selects(filter, item)).length;
  return COUNT_CAP;
}

/** Reads `lists` (the first 100 of each) through `client`, the proxy's own v1 routes for `subscriberId`. */
export function readLists(client: InboxClient, subscriberId: string, lists: readonly V1CountFilter[], options: { idempotencyKey?: string }): Promise<Listed[]> {
  return Promise.all(lists.map(async (filter) => ({ filter, page: await client.notifications.list({ subscriberId, limit: COUNT_CAP, read: filter.read, seen: filter.seen }, options) })));
}
