import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { countPlan, shownCount, type ShownCount } from '../queries/count-plan';
import { countOptions } from '../queries/count-query';
import type { ListFilter } from '../queries/matches';
import { useNotificationStore } from './notification-store-context';

/** Counts of the subscriber's notifications, one per filter, asked in one request and moved at once by the reader's changes. */
export function useNotificationCounts(filters: readonly ListFilter[]): { counts: ShownCount[] | undefined; isError: boolean; error: Error | null } {
  const store = useNotificationStore('useNotificationCounts');
  const key = JSON.stringify(filters);
  const [stable, plan] = useMemo(() => {
    const parsed = JSON.parse(key) as ListFilter[];
    return [parsed, countPlan(parsed)] as const;
  }, [key]);
  const query = useQuery(countOptions(store, plan.filters), store.queryClient);
  // A new snapshot whenever the table or a pending change moved (an answered change writes the table).
  const { pending } = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const { data } = query;
  const counts = useMemo(() => {
    if (!data) return undefined;
    const moves = [...store.answeredAfter(data.seq), ...pending];
    // "Mark all as read" empties some counts at once, the notifications the kit does not hold too.
    return stable.map((filter, index) => (store.cleared(filter, data.seq) ? { count: 0, exact: true } : shownCount(data.counts[plan.at[index]!] ?? 0, filter, moves)));
  }, [store, stable, plan, data, pending]);
  return { counts, isError: query.isError, error: query.error };
}
