import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { countPlan, type ShownCount } from '../queries/count-plan';
import { countOptions, countShown } from '../queries/count-query';
import type { ListFilter } from '../queries/matches';
import { useInboxContext } from './InboxProvider';

export interface NotificationCountsOptions {
  /** Count again every this many ms (the tab that polls), or not. */
  refetchInterval?: number | false;
  /** How long a count is fresh, in ms. Default 30000. */
  staleTime?: number;
}

/** Counts of the subscriber's notifications, one per filter, asked in one request and moved at once by the reader's changes. */
export function useNotificationCounts(filters: readonly ListFilter[], options: NotificationCountsOptions & { enabled?: boolean } = {}, hook = 'useNotificationCounts') {
  const { inbox } = useInboxContext(hook);
  const { store, poller } = inbox;
  // Only the tab that polls reads the counts again on focus and reconnect: the others hear its
  // counts, in the order it asked them, instead of racing them with reads of their own.
  const leads = useSyncExternalStore(poller.subscribe, poller.isPoller, () => false);
  const key = JSON.stringify(filters);
  const [stable, plan] = useMemo(() => {
    const parsed = JSON.parse(key) as ListFilter[];
    return [parsed, countPlan(parsed)] as const;
  }, [key]);
  const query = useQuery(
    {
      ...countOptions(store, plan.filters, options.staleTime),
      refetchInterval: options.refetchInterval ?? false,
      refetchOnWindowFocus: leads,
      refetchOnReconnect: leads ? 'always' : false,
      enabled: options.enabled !== false && plan.filters.length > 0,
    },
    store.queryClient,
  );
  // A new snapshot whenever the table or a pending change moved (an answered change writes the table).
  const { pending } = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const { data } = query;
  const counts = useMemo(() => {
    if (!data) return undefined;
    return stable.map((filter, index) => countShown(store, filter, data, plan.at[index]!, pending));
  }, [store, stable, plan, data, pending]);
  return { counts: counts as ShownCount[] | undefined, isLoading: query.isPending && query.fetchStatus !== 'idle', isError: query.isError, error: query.error, refetch: query.refetch };
}
