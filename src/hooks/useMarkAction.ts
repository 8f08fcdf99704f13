import { useMutation } from '@tanstack/react-query';
import { useInboxContext } from './InboxProvider';

export interface MarkActionVariables {
  notificationId: string;
  /** The button clicked. */
  type: 'primary' | 'secondary';
  /** `false` undoes the click. Default true. */
  done?: boolean;
}

/**
 * Records that a button of a notification was clicked: the item shows it done at once, the service
 * stores it (so a reload still shows it), and a refusal undoes it.
 *
 * ```ts
 * const { mutate: markAction } = useMarkAction();
 * markAction({ notificationId: notification.id, type: 'primary' });
 * ```
 */
export function useMarkAction() {
  const { inbox } = useInboxContext('useMarkAction');
  return useMutation<void, Error, MarkActionVariables>(
    { mutationFn: ({ notificationId, type, done }) => inbox.actions.completeAction(notificationId, type, done) },
    inbox.store.queryClient,
  );
}
