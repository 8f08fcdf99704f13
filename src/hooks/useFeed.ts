import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { FeedItem, InvalidFeedItem, RegisteredPayload } from '../client/index';
import { normalizeFilter, type FeedFilter, type NormalizedFeedFilter } from '../queries/keys';
import { feedOptions } from '../queries/options';
import { flattenFeed } from '../queries/updaters';
import { useInboxContext } from './InboxProvider';
import { countQuery, usePollInterval } from './useCounts';

export interface UseFeedResult {
  /** The notifications loaded so far, newest first; `payload` typed by your `payloadSchema` (see `Register`). */
  notifications: FeedItem<RegisteredPayload>[];
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

/**
 * A subscriber's feed, paged from the first page, under a filter. Each filter
 * keeps its own cache, so switching tabs back and forth keeps what was loaded.
 * While mounted it also polls for new notifications (see `pollInterval`).
 */
export function useFeed(filter: FeedFilter = {}): UseFeedResult {
  const context = useInboxContext('useFeed');
  const { store } = context;
  const payloadKey = JSON.stringify(filter.payload ?? null);
  const normalized = useMemo(
    () => normalizeFilter({ read: filter.read, seen: filter.seen, payload: JSON.parse(payloadKey) ?? undefined, limit: filter.limit }),
    [filter.read, filter.seen, payloadKey, filter.limit],
  );
  const query = useInfiniteQuery(feedOptions(store, normalized), store.queryClient);
  // New notifications come in with the unread count: poll it (one tab of the app does), without
  // re-rendering the feed for it; what it finds is written into the feed.
  const interval = usePollInterval(context, true);
  useQuery({ ...countQuery(context, 'unread'), refetchInterval: interval, notifyOnChangeProps: [] }, store.queryClient);

  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Typed by `Register`: the client validated each payload with the provider's `payloadSchema`.
  const notifications = useMemo(() => flattenFeed(data) as FeedItem<RegisteredPayload>[], [data]);
  const invalidItems = useMemo(() => data?.pages.flatMap((page) => page.invalidItems) ?? [], [data]);
  return {
    notifications,
    hasMore: hasNextPage,
    fetchNextPage: () => (hasNextPage && !isFetchingNextPage ? fetchNextPage() : Promise.resolve()),
    refetch: query.refetch,
    status: query.status,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    isFetchingNextPage,
    isError: query.isError,
    isFetchNextPageError: query.isFetchNextPageError,
    error: query.error,
    invalidItems,
  };
}

/** Fetches a feed's first page ahead of showing it (the bell does, so the popover opens at once). */
export function usePrefetchFeed(filter: FeedFilter = {}): void {
  const { store } = useInboxContext('usePrefetchFeed');
  const key = JSON.stringify(normalizeFilter(filter));
  useEffect(() => {
    void store.queryClient.prefetchInfiniteQuery(feedOptions(store, JSON.parse(key) as NormalizedFeedFilter));
  }, [store, key]);
}
