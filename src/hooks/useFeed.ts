import { useEffect } from 'react';
import type { InboxNotification, InvalidFeedItem, PayloadFilter, RegisteredPayload } from '../client/index';
import { listOptions, normalizeListFilter } from '../queries/list-query';
import type { ListFilter } from '../queries/matches';
import { COUNTED } from '../queries/inbox-counts';
import { useInboxContext } from './InboxProvider';
import { usePollInterval } from './useCounts';
import { useNotificationCounts } from './useNotificationCounts';
import { useNotifications } from './useNotifications';

/** Which notifications a feed shows, as the service's filters select them; `limit` is its first page's size. */
export interface FeedFilter extends Omit<ListFilter, 'data'> {
  /** Only notifications whose `data` contains these values (typed by your `payloadSchema`, see `Register`). */
  data?: PayloadFilter | undefined;
  /** The first page's size, 1 to 100 (the next ones grow with what is loaded). Default 20. */
  limit?: number | undefined;
}

export interface UseFeedResult {
  /** The notifications loaded so far, newest first; `data` typed by your `payloadSchema` (see `Register`). */
  notifications: InboxNotification<RegisteredPayload>[];
  /** More notifications can be loaded with `fetchNextPage`. */
  hasMore: boolean;
  /** Loads the next page (does nothing while one is loading or when there is no more). */
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
  status: 'pending' | 'error' | 'success';
  /** No data yet. */
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  /** The error is loading the next page's (Retry with `fetchNextPage`); else reading the feed's (`refetch`). */
  isFetchNextPageError: boolean;
  error: Error | null;
  /** Items the service sent that do not match the spec and are not shown, with the reason. */
  invalidItems: InvalidFeedItem[];
}

/** The unread count, which a poll asks for: what a feed polls with. */
const UNREAD = [COUNTED.unread];

/**
 * A subscriber's feed, paged from the first page, under a filter. Every feed shows the same
 * notifications as the others, each where its filter puts it: one marked read leaves the Unread
 * feed at once. While mounted it also polls for new notifications (see `pollInterval`).
 */
export function useFeed(filter: FeedFilter = {}): UseFeedResult {
  const context = useInboxContext('useFeed');
  const { limit, ...list } = filter;
  const feed = useNotifications(list as ListFilter, limit ?? 20, 'useFeed');
  // New notifications come with the poll of the unread count (one tab of the app polls), without
  // re-rendering the feed for it: they go into the store, which every feed shows.
  useNotificationCounts(UNREAD, { refetchInterval: usePollInterval(context, true), staleTime: context.pollInterval || 30_000 }, 'useFeed');
  // Typed by `Register`: the client validated each payload with the provider's `payloadSchema`.
  return feed as UseFeedResult;
}

/** Fetches a feed's first page ahead of showing it (the bell does, so the popover opens at once). */
export function usePrefetchFeed(filter: FeedFilter = {}): void {
  const { inbox } = useInboxContext('usePrefetchFeed');
  const { limit, ...list } = filter;
  const key = JSON.stringify(normalizeListFilter(list as ListFilter));
  useEffect(() => {
    void inbox.store.queryClient.prefetchInfiniteQuery(listOptions(inbox.store, JSON.parse(key) as ListFilter, limit ?? 20));
  }, [inbox, key, limit]);
}
