import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { formatCount, type Count, type CountKind } from '../queries/counts';
import { countsOptions } from '../queries/options';
import { useInboxContext, type InboxContextValue } from './InboxProvider';

export interface UseCountsResult {
  /** Unread notifications: exact, or a lower bound when the service cannot tell (`exact: false`). */
  unread: Count | undefined;
  unseen: Count | undefined;
  /** The unread count as a badge shows it: "7", "99+", or "10+" when only a lower bound is known. */
  unreadLabel: string | undefined;
  unseenLabel: string | undefined;
  isLoading: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

export interface UseCountsOptions {
  /** Largest number shown before "+". Default 99. */
  max?: number;
  /** The counts to fetch: each is one request (of the newest 100). Default both. */
  include?: readonly CountKind[];
  /** Look for new notifications at the provider's `pollInterval` with this count (one tab of the app polls). Default false. */
  poll?: boolean;
}

/** Unread and unseen counts for the badge, from the service. */
export function useCounts(options: UseCountsOptions = {}): UseCountsResult {
  const context = useInboxContext('useCounts');
  const include = options.include ?? ['unread', 'unseen'];
  const interval = usePollInterval(context, options.poll === true);
  const unread = useQuery({ ...countQuery(context, 'unread'), enabled: include.includes('unread'), refetchInterval: interval }, context.store.queryClient);
  const unseen = useQuery(
    // The unread query polls when both are shown.
    { ...countQuery(context, 'unseen'), enabled: include.includes('unseen'), refetchInterval: include.includes('unread') ? false : interval },
    context.store.queryClient,
  );
  const max = options.max ?? 99;
  const queries = [unread, unseen].filter((_, i) => include.includes(i === 0 ? 'unread' : 'unseen'));
  return {
    unread: unread.data?.count,
    unseen: unseen.data?.count,
    unreadLabel: unread.data ? formatCount(unread.data.count, max) : undefined,
    unseenLabel: unseen.data ? formatCount(unseen.data.count, max) : undefined,
    isLoading: queries.some((query) => query.isPending),
    error: queries.find((query) => query.error)?.error ?? null,
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  };
}

/**
 * One count and its label, for the kit's own parts: one query observer where `useCounts` keeps
 * two, since the bell, the header and the announcer each show one.
 */
export function useCount(kind: CountKind, poll = false): { count: Count | undefined; label: string | undefined } {
  const context = useInboxContext('useCounts');
  const interval = usePollInterval(context, poll);
  const { data } = useQuery({ ...countQuery(context, kind), refetchInterval: interval }, context.store.queryClient);
  return { count: data?.count, label: data ? formatCount(data.count, 99) : undefined };
}

/** One count's query: fresh for the provider's poll interval (30 s when it does not poll). */
export function countQuery({ store, pollInterval }: InboxContextValue, kind: CountKind) {
  return countsOptions(store, kind, pollInterval || 30_000);
}

/** The provider's poll interval when this tab is the app's poller and `poll` is asked for; else none. */
export function usePollInterval({ store, pollInterval }: InboxContextValue, poll: boolean): number | false {
  const poller = useSyncExternalStore(store.poller.subscribe, store.poller.isPoller, () => false);
  // Only what polls stands for it: a tab showing no count must not hold it from one with a bell.
  const polls = poll && !!pollInterval;
  useEffect(() => (polls ? store.poller.stand() : undefined), [store, polls]);
  return poll && poller ? pollInterval : false;
}
