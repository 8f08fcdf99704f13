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
}

/** The client retries network errors, 5xx and 429 itself; a second layer of retries would multiply them. */
const NO_EXTRA_RETRY = { retry: false } as const;

export function feedOptions({ client, subscriberId, scope }: QueryContext, filter: NormalizedFeedFilter) {
  return infiniteQueryOptions({
    ...NO_EXTRA_RETRY,
    // Kept fresh without refetching: new notifications come in with the count the badge polls,
    // and the reader's changes are written into every cached page.
    staleTime: Infinity,
    queryKey: inboxKeys.feed(scope, filter),
    initialPageParam: FIRST_PAGE(filter.limit) as FeedPageParam,
    queryFn: ({ pageParam, signal }) => {
      const { page, limit } = pageFor(pageParam.start, pageParam.size);
      return orWhenUnknown(
        client.getFeed(
          {
            subscriberId,
            page,
            limit,
            ...(filter.read === null ? {} : { read: filter.read }),
            ...(filter.seen === null ? {} : { seen: filter.seen }),
            ...(filter.payload === null ? {} : { payload: filter.payload }),
          },
          { signal },
        ),
        () => emptyPage(page, limit),
      );
    },
    getNextPageParam: (last, pages, param) => (last.hasMore && broughtSomethingNew(pages) ? nextPageParam(param, filter.limit, shiftOf(last)) : undefined),
  });
}

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
