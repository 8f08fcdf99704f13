import { useMutation } from '@tanstack/react-query';
import { UNDONE } from '../queries/triage';
import { useInboxContext } from './InboxProvider';

/**
 * Deletes a notification with an undo window: it leaves the lists at once, and the request is sent
 * when the window closes (the provider's `undoMs`, default 5 s), or at once with `keepalive` when the
 * page is hidden or closed. `undo(id)` within the window brings it back and sends nothing (it says
 * whether the window was still open); the mutation then settles with no error. A refusal brings it
 * back and is the mutation's error.
 *
 * ```ts
 * const { mutate: remove, undo } = useDelete();
 * remove(notification.id);
 * // …the reader clicks "Undo" in your toast:
 * undo(notification.id);
 * ```
 */
export function useDelete() {
  const { inbox } = useInboxContext('useDelete');
  const mutation = useMutation<void, Error, string>(
    {
      mutationFn: async (notificationId) => {
        try {
          await inbox.triage.remove(notificationId);
        } catch (error) {
          if (error !== UNDONE) throw error;
        }
      },
    },
    inbox.store.queryClient,
  );
  return { ...mutation, undo: inbox.triage.undo };
}
