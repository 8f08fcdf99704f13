import { useMemo } from 'react';
import { useNotificationStore } from './notification-store-context';

/**
 * The reader's changes to notifications, shown at once and sent in the order made; each settles to
 * what the service answers, or is undone when the service refuses it.
 */
export function useNotificationActions() {
  const store = useNotificationStore('useNotificationActions');
  return useMemo(() => {
    const { client, subscriberId } = store;
    const one = (notificationId: string) => ({ subscriberId, notificationId });
    return {
      // The service marks a notification seen with any change, and unarchives one marked unread.
      markAsRead: (id: string) => store.change([id], { isRead: true, isSeen: true }, (nid) => client.notifications.markAsRead(one(nid))),
      markAsUnread: (id: string) => store.change([id], { isRead: false, isSeen: true, isArchived: false }, (nid) => client.notifications.markAsUnread(one(nid))),
    };
  }, [store]);
}
