import { useMutation } from '@tanstack/react-query';
import type { PayloadFilter } from '../client/index';
import { useInboxContext } from './InboxProvider';

export interface MarkAllAsVariables {
  /** Default `read` (which also marks seen, as the service does). */
  markAs?: 'read' | 'seen';
  /** Only notifications of workflows with any of these tags (a custom tab's filter). */
  tags?: readonly string[];
  /** Only notifications whose `data` contains these values (a custom tab's filter). */
  data?: PayloadFilter;
}

/**
 * Marks every matching notification read (or seen): one request where the service has one (v2's
 * bulk routes, v1's mark-all), else 100 at a time. The feeds and the counts look done at once.
 */
export function useMarkAllAs() {
  const { inbox } = useInboxContext('useMarkAllAs');
  return useMutation<void, Error, MarkAllAsVariables | void>(
    {
      mutationFn: (variables) => {
        const filter = { tags: variables?.tags, data: variables?.data as Record<string, unknown> | undefined };
        return variables?.markAs === 'seen' ? inbox.actions.markAllAsSeen(filter) : inbox.actions.markAllAsRead(filter);
      },
    },
    inbox.store.queryClient,
  );
}
