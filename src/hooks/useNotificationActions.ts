import { createNotificationActions, type NotificationActions } from '../queries/notification-actions';
import type { NotificationStore } from '../queries/notification-store';
import { useNotificationStore } from './notification-store-context';

/** One set of actions per store: seen-on-view batches the ids of every row into the same requests. */
const actions = new WeakMap<NotificationStore, NotificationActions>();

export function actionsOf(store: NotificationStore, seenBatchMs?: number): NotificationActions {
  let found = actions.get(store);
  if (!found) actions.set(store, (found = createNotificationActions(store, { seenBatchMs })));
  return found;
}

/**
 * The reader's changes to notifications, shown at once and sent in the order made; each settles to
 * what the service answers, or is undone when the service refuses it.
 */
export function useNotificationActions(): NotificationActions {
  return actionsOf(useNotificationStore('useNotificationActions'));
}
