import type { NotificationActions } from '../queries/notification-actions';
import { useInboxContext } from './InboxProvider';

/**
 * The reader's changes to notifications, shown at once and sent in the order made; each settles to
 * what the service answers, or is undone when the service refuses it.
 */
export function useNotificationActions(): NotificationActions {
  return useInboxContext('useNotificationActions').inbox.actions;
}
