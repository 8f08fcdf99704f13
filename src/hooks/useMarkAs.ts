import { useMutation } from '@tanstack/react-query';
import type { MarkAsValue, MarkedMessage } from '../client/index';
import { useInboxContext } from './InboxProvider';

export interface MarkAsVariables {
  /** One message id or several. */
  messageId: string | readonly string[];
  markAs: MarkAsValue;
}

/**
 * Marks messages read, unread, seen or unseen. Every cached feed and the counts
 * change at once; a failure rolls back only what failed; the last of several
 * quick changes to one message is the one that stays.
 *
 * ```ts
 * const { mutate: markAs } = useMarkAs();
 * markAs({ messageId: notification._id, markAs: 'read' });
 * ```
 */
export function useMarkAs() {
  const { store } = useInboxContext('useMarkAs');
  return useMutation<MarkedMessage[], Error, MarkAsVariables>(
    {
      mutationFn: ({ messageId, markAs }) => store.markAs(typeof messageId === 'string' ? [messageId] : messageId, markAs),
    },
    store.queryClient,
  );
}
