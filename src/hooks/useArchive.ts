import { useMutation } from '@tanstack/react-query';
import { useInboxContext } from './InboxProvider';

export interface ArchiveVariables {
  notificationId: string;
  /** `false` unarchives it. Default true. */
  archived?: boolean;
}

/**
 * Archives a notification (or unarchives it): it leaves the lists it no longer matches at once,
 * and the service marks it read. A failure brings it back; the last of quick changes stays.
 *
 * ```ts
 * const { mutate: archive } = useArchive();
 * archive({ notificationId: notification.id });
 * ```
 */
export function useArchive() {
  const { inbox } = useInboxContext('useArchive');
  return useMutation<void, Error, ArchiveVariables>(
    { mutationFn: ({ notificationId, archived = true }) => (archived ? inbox.triage.archive(notificationId) : inbox.triage.unarchive(notificationId)) },
    inbox.store.queryClient,
  );
}
