import { useMutation } from '@tanstack/react-query';
import { useInboxContext } from './InboxProvider';

export interface SnoozeVariables {
  notificationId: string;
  /**
   * When it comes back, unread: at least a minute ahead, within what the service's plan allows (its
   * refusal is the error). `null` unsnoozes it now.
   */
  until: Date | null;
}

/**
 * Snoozes a notification: it leaves the lists at once, shows in the Snoozed view, and comes back
 * unread when the time passes. A failure (a time the service refuses) brings it back.
 *
 * ```ts
 * const { mutate: snooze } = useSnooze();
 * snooze({ notificationId: notification.id, until: new Date(Date.now() + 3_600_000) });
 * ```
 */
export function useSnooze() {
  const { inbox } = useInboxContext('useSnooze');
  return useMutation<void, Error, SnoozeVariables>(
    { mutationFn: ({ notificationId, until }) => (until ? inbox.triage.snooze(notificationId, until) : inbox.triage.unsnooze(notificationId)) },
    inbox.store.queryClient,
  );
}
