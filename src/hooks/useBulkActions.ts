import { useMutation } from '@tanstack/react-query';
import type { PayloadFilter } from '../client/index';
import { useInboxContext } from './InboxProvider';

export interface BulkActionVariables {
  /** `read`: mark all read; `archive`: archive all; `archiveRead`: archive the read ones; `delete`: delete all, for good. */
  action: 'read' | 'archive' | 'archiveRead' | 'delete';
  /** Only notifications of workflows with any of these tags (a custom tab's filter). */
  tags?: readonly string[];
  /** Only notifications whose `data` contains these values (a custom tab's filter). */
  data?: PayloadFilter;
}

/**
 * One action on every notification of a filter (a tab's tags or data; all by default), in one
 * request: the service's bulk routes. The lists and counts look done at once.
 *
 * ```ts
 * const { mutate: bulk } = useBulkActions();
 * bulk({ action: 'archiveRead', tags: ['billing'] });
 * ```
 */
export function useBulkActions() {
  const { inbox } = useInboxContext('useBulkActions');
  return useMutation<void, Error, BulkActionVariables>(
    {
      mutationFn: ({ action, tags, data }) => {
        const scope = { tags, data: data as Record<string, unknown> | undefined };
        const { triage, actions } = inbox;
        return { read: actions.markAllAsRead, archive: triage.archiveAll, archiveRead: triage.archiveRead, delete: triage.deleteAll }[action](scope);
      },
    },
    inbox.store.queryClient,
  );
}
