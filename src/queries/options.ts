/** Query option factories: what to fetch and how to page, for hooks and for prefetching. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FeedPage, InboxV1Client, Preferences } from '../client/index';
import { COUNT_LIMIT, countFilter, countOf, type CountData, type CountKind } from './counts';
import { inboxKeys, type NormalizedFeedFilter } from './keys';
import { FIRST_PAGE, nextPageParam, pageFor, type FeedPageParam } from './page-plan';
import { emptyPage, orWhenUnknown } from './unknown-subscriber';
import { shiftOf } from './updaters';

export interface QueryContext {
  client: InboxV1Client;
  subscriberId: string;
  scope: string;
  /** The reader's changes: how many are on their way, and how many were ever sent (a page read meanwhile may or may not show them). */
  changes?: () => { pending: number; sent: number };
}

/** The client retries network errors, 5xx and 429 itself; a second layer of retries would multiply them. */
const NO_EXTRA_RETRY = { retry: false } as const;

export function feedOptions({ client, subscriberId, scope, changes }: QueryContext, filter: NormalizedFeedFilter) {
  return infiniteQueryOptions({
    ...NO_EXTRA_RETRY,
    // Kept fresh without refetching: new notifications come in with the count the badge polls,
    // and the reader's changes are written into every cached page.
    staleTime: Infinity,
    queryKey: inboxKeys.feed(scope, filter),
    initialPageParam: FIRST_PAGE(filter.limit) as FeedPageParam,
    queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
      const read = (start: number) => {
        const { page, limit } = pageFor(start, pageParam.size);
        const query = { subscriberId, page, limit, ...(filter.read === null ? {} : { read: filter.read }), ...(filter.seen === null ? {} : { seen: filter.seen }), ...(filter.payload === null ? {} : { payload: filter.payload }) };
        return orWhenUnknown(client.getFeed(query, { signal }), () => emptyPage(page, limit));
      };
      // Only a list filtered by read or seen moves when the reader marks something.
      if (!changes || pageParam.start === 0 || !moves(filter)) return read(pageParam.start);
      // The service's list moves by the reader's changes when it applies them, and requests overtake
      // one another: a change on its way when a page is asked for, or sent while it is read, may or
      // may not show in it. The page starts that many earlier (an overlap, dropped as repeats), and
      // is read again, earlier still, when changes were sent while it was read: never a gap.
      let margin = 0;
      for (let attempt = 1; ; attempt++) {
        const asked = changes();
        margin = Math.min(margin + asked.pending, pageParam.size - 1);
        const from = Math.max(0, pageParam.start - margin);
        const answer = await read(from);
        const crossed = changes().sent - asked.sent;
        if (crossed === 0 || attempt === 3) return { ...answer, readFrom: from, asked } as UncertainPage;
        margin += crossed;
      }
    },
    getNextPageParam: (last, pages, param) => {
      if (!last.hasMore || !broughtSomethingNew(pages)) return undefined;
      // Changes on their way when the last page was asked for, or sent since, may have moved the list after it was read.
      const { readFrom = param.start, asked } = last as UncertainPage;
      const now = changes?.();
      const margin = asked && now && moves(filter) ? Math.min(asked.pending + now.sent - asked.sent, filter.limit - 1) : 0;
      return nextPageParam({ ...param, start: readFrom }, filter.limit, shiftOf(last) - margin);
    },
  });
}

/** Whether the reader's marks can move this list (its filter is on read or seen). */
const moves = (filter: NormalizedFeedFilter) => filter.read !== null || filter.seen !== null;

/** A page read while the reader changed things: where it was read from, and the changes as they stood when it was asked for. */
type UncertainPage = FeedPage & { readFrom?: number; asked?: { pending: number; sent: number } };

const progress = new WeakMap<FeedPage, boolean>();

/**
 * Whether the last page held a notification the pages before it did not. A service that answers
 * the same page whatever is asked, or says `hasMore` for ever, then ends the paging instead of
 * being asked again and again. Worked out once per page fetched.
 */
function broughtSomethingNew(pages: readonly FeedPage[]): boolean {
  const last = pages[pages.length - 1];
  if (!last) return false;
  let known = progress.get(last);
  if (known === undefined) {
    // Invalid items count by their id too (one without an id is never known).
    const idsOf = (page: FeedPage) => [...page.data.map((item) => item._id), ...page.invalidItems.map((item) => item.id)];
    const earlier = new Set(pages.slice(0, -1).flatMap(idsOf));
    known = idsOf(last).some((id) => id !== undefined && !earlier.has(id));
    progress.set(last, known);
  }
  return known;
}

/**
 * One count (unread by default): one request of the newest 100 matching, which also shows what is
 * new. Fresh for `staleTime` (the provider's poll interval), so the parts that show it share one request.
 */
export function countsOptions({ client, subscriberId, scope }: QueryContext, kind: CountKind = 'unread', staleTime = 30_000) {
  return queryOptions({
    ...NO_EXTRA_RETRY,
    staleTime,
    // Back online after a while offline: count again at once.
    refetchOnReconnect: 'always',
    queryKey: inboxKeys.count(scope, kind),
    queryFn: async ({ signal }): Promise<CountData> => {
      const page = await orWhenUnknown(client.getFeed({ subscriberId, ...countFilter(kind), limit: COUNT_LIMIT }, { signal }), () => emptyPage(0, COUNT_LIMIT));
      return { count: countOf(page), items: page.data, complete: !page.hasMore };
    },
  });
}

export function preferencesOptions({ client, subscriberId, scope }: QueryContext) {
  return queryOptions({
    ...NO_EXTRA_RETRY,
    queryKey: inboxKeys.preferences(scope),
    // `null`: the service does not know this subscriber yet, so there is nothing to set.
    queryFn: ({ signal }): Promise<Preferences | null> => orWhenUnknown<Preferences | null>(client.getPreferences({ subscriberId }, { signal }), () => null),
  });
}
