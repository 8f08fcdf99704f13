import { useMutation } from '@tanstack/react-query';
import type { ButtonType, MarkedMessage } from '../client/index';
import { useInboxContext } from './InboxProvider';

export interface MarkActionVariables {
  messageId: string;
  /** The button clicked. */
  type: ButtonType;
  /** Stored with the result, e.g. what the user chose. */
  payload?: Record<string, unknown>;
}

/**
 * Records that a button of a notification was clicked: the item shows the button's result at
 * once, the service stores it (so a reload still shows it), and a refusal rolls it back.
 *
 * ```ts
 * const { mutate: markAction } = useMarkAction();
 * markAction({ messageId: notification._id, type: 'primary' });
 * ```
 */
export function useMarkAction() {
  const { store } = useInboxContext('useMarkAction');
  return useMutation<MarkedMessage, Error, MarkActionVariables>(
    { mutationFn: ({ messageId, type, payload }) => store.markAction(messageId, type, payload) },
    store.queryClient,
  );
}
