import { useMutation } from '@tanstack/react-query';
import { useInboxContext } from './InboxProvider';

export interface MarkAsVariables {
  /** One notification's id or several. */
  notificationId: string | readonly string[];
  /** `read` and `unread` also mark it seen, as the service does; `seen` sends every id in one request. */
  markAs: 'read' | 'unread' | 'seen';
}

/**
 * Marks notifications read, unread or seen. Every feed and the counts change at once; a failure
 * undoes only what failed; the last of several quick changes to one notification is the one that stays.
 *
 * ```ts
 * const { mutate: markAs } = useMarkAs();
 * markAs({ notificationId: notification.id, markAs: 'read' });
 * ```
 */
export function useMarkAs() {
  const { inbox } = useInboxContext('useMarkAs');
  return useMutation<void, Error, MarkAsVariables>(
    {
      mutationFn: async ({ notificationId, markAs }) => {
        const ids = [...new Set(typeof notificationId === 'string' ? [notificationId] : notificationId)];
        return markAs === 'seen' ? inbox.actions.markSeen(ids) : inbox.actions.markMany(ids, markAs === 'read');
      },
    },
    inbox.store.queryClient,
  );
}
