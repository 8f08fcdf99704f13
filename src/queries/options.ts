/** Query option factories: what to fetch and how to page, for hooks and for prefetching. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InboxClient, Preferences } from '../client/index';
import { countMatching, type Counts } from './counts';
import { inboxKeys, type NormalizedFeedFilter } from './keys';
import { emptyPage, orWhenUnknown } from './unknown-subscriber';

export interface QueryContext {
  client: InboxClient;
  subscriberId: string;
  scope: string;
}

/** The client retries network errors, 5xx and 429 itself; a second layer of retries would multiply them. */
const NO_EXTRA_RETRY = { retry: false } as const;

export function feedOptions({ client, subscriberId, scope }: QueryContext, filter: NormalizedFeedFilter) {
  return infiniteQueryOptions({
    ...NO_EXTRA_RETRY,
    queryKey: inboxKeys.feed(scope, filter),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      orWhenUnknown(
        client.getFeed(
          {
            subscriberId,
            page: pageParam,
            limit: filter.limit,
            ...(filter.read === null ? {} : { read: filter.read }),
            ...(filter.seen === null ? {} : { seen: filter.seen }),
            ...(filter.payload === null ? {} : { payload: filter.payload }),
          },
          { signal },
        ),
        () => emptyPage(pageParam, filter.limit),
      ),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function countsOptions({ client, subscriberId, scope }: QueryContext) {
  return queryOptions({
    ...NO_EXTRA_RETRY,
    queryKey: inboxKeys.counts(scope),
    queryFn: async ({ signal }): Promise<Counts> => {
      const [unread, unseen] = await Promise.all([
        countMatching(client, subscriberId, { read: false }, { signal }),
        countMatching(client, subscriberId, { seen: false }, { signal }),
      ]);
      return { unread: unread.count, unseen: unseen.count, newestUnreadId: unread.newestId };
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
