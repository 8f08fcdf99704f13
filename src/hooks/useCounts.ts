import { useQuery } from '@tanstack/react-query';
import { formatCount, type Count } from '../queries/counts';
import { countsOptions } from '../queries/options';
import { useInboxContext } from './InboxProvider';

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

/** Unread and unseen counts for the badge, from the service, polled at the provider's `pollInterval`. */
export function useCounts(options: { /** Largest number shown before "+". Default 99. */ max?: number } = {}): UseCountsResult {
  const { store, pollInterval } = useInboxContext('useCounts');
  const query = useQuery({ ...countsOptions(store), refetchInterval: pollInterval }, store.queryClient);
  const max = options.max ?? 99;
  const data = query.data;
  return {
    unread: data?.unread,
    unseen: data?.unseen,
    unreadLabel: data ? formatCount(data.unread, max) : undefined,
    unseenLabel: data ? formatCount(data.unseen, max) : undefined,
    isLoading: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}
