import { useEffect, useSyncExternalStore } from 'react';
import { formatCount, type Count, type CountKind } from '../queries/count-label';
import { COUNTED } from '../queries/inbox-counts';
import { useInboxContext, type InboxContextValue } from './InboxProvider';
import { useNotificationCounts } from './useNotificationCounts';

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
  /** The counts to fetch (in one request). Default both. */
  include?: readonly CountKind[];
  /** Look for new notifications at the provider's `pollInterval` with these counts (one tab of the app polls). Default false. */
  poll?: boolean;
}


/** Unread and unseen counts for the badge, from the service, in one request, moved at once by the reader's changes. */
export function useCounts(options: UseCountsOptions = {}): UseCountsResult {
  const context = useInboxContext('useCounts');
  const include = options.include ?? ['unread', 'unseen'];
  const kinds = (['unread', 'unseen'] as const).filter((kind) => include.includes(kind));
  const interval = usePollInterval(context, options.poll === true);
  // Keyed by their JSON there: a new array each render is the same query.
  const { counts, isLoading, error, refetch } = useNotificationCounts(kinds.map((kind) => COUNTED[kind]), { refetchInterval: interval, staleTime: context.pollInterval || 30_000 }, 'useCounts');
  const max = options.max ?? 99;
  const of = (kind: CountKind): Count | undefined => {
    const shown = counts?.[kinds.indexOf(kind as 'unread')];
    return shown && { value: shown.count, exact: shown.exact };
  };
  const unread = of('unread');
  const unseen = of('unseen');
  return {
    unread,
    unseen,
    unreadLabel: unread && formatCount(unread, max),
    unseenLabel: unseen && formatCount(unseen, max),
    isLoading,
    error,
    refetch,
  };
}

/** One count and its label, for the kit's own parts (the bell, the header, the announcer). */
export function useCount(kind: CountKind, poll = false): { count: Count | undefined; label: string | undefined } {
  const counts = useCounts({ include: [kind], poll });
  return { count: counts[kind], label: counts[`${kind}Label`] };
}

/** While the socket is open, polling is a safety net: this often at most. */
const SAFETY_NET_MS = 300_000;

/** The provider's poll interval when this tab is the app's poller and `poll` is asked for (slowed while real time is on); else none. */
export function usePollInterval({ inbox, pollInterval }: InboxContextValue, poll: boolean): number | false {
  const { poller, live } = inbox;
  const polling = useSyncExternalStore(poller.subscribe, poller.isPoller, () => false);
  const slow = useSyncExternalStore(live.add, () => live.on, () => false);
  // Only what polls stands for it: a tab showing no count must not hold it from one with a bell.
  const polls = poll && !!pollInterval;
  useEffect(() => (polls ? poller.stand() : undefined), [poller, polls]);
  return poll && polling && pollInterval ? (slow ? Math.max(pollInterval, SAFETY_NET_MS) : pollInterval) : false;
}
