import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { listed, listOptions } from '../queries/list-query';
import type { ListFilter } from '../queries/matches';
import { useNotificationStore } from './notification-store-context';

/**
 * A filtered list of the subscriber's notifications, newest first, as the reader sees them: a
 * notification changed in one list moves in every list at once, because each shows the store's
 * notifications that match its filter.
 */
export function useNotifications(filter: ListFilter = {}, limit = 20) {
  const store = useNotificationStore('useNotifications');
  const key = JSON.stringify(filter);
  const stable = useMemo(() => JSON.parse(key) as ListFilter, [key]);
  const query = useInfiniteQuery(listOptions(store, stable, limit), store.queryClient);
  const { views } = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const { data } = query;
  const notifications = useMemo(() => listed(store, views, stable, data), [store, views, stable, data]);
  return {
    notifications,
    hasMore: query.hasNextPage,
    fetchNextPage: async (): Promise<void> => {
      if (query.hasNextPage && !query.isFetchingNextPage) await query.fetchNextPage();
    },
    refetch: query.refetch,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    invalidItems: useMemo(() => data?.pages.flatMap((page) => page.invalidItems) ?? [], [data]),
  };
}
