import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { listed, listOptions, normalizeListFilter } from '../queries/list-query';
import type { ListFilter } from '../queries/matches';
import { useNotificationStore } from './notification-store-context';

/**
 * A filtered list of the subscriber's notifications, newest first, as the reader sees them: a
 * notification changed in one list moves in every list at once, because each shows the store's
 * notifications that match its filter.
 */
export function useNotifications(filter: ListFilter = {}, limit = 20, hook = 'useNotifications') {
  const store = useNotificationStore(hook);
  const key = JSON.stringify(normalizeListFilter(filter));
  const stable = useMemo(() => JSON.parse(key) as ListFilter, [key]);
  const query = useInfiniteQuery(listOptions(store, stable, limit), store.queryClient);
  const { views } = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const notifications = useMemo(() => listed(store, views, stable, data), [store, views, stable, data]);
  const invalidItems = useMemo(() => data?.pages.flatMap((page) => page.invalidItems) ?? [], [data]);
  return {
    notifications,
    hasMore: hasNextPage,
    /** Loads the next page (does nothing while one is loading or when there is no more). */
    fetchNextPage: async (): Promise<void> => {
      if (hasNextPage && !isFetchingNextPage) await fetchNextPage();
    },
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
