/**
 * Optimistic changes as an overlay: the intent queue's pending change of each notification (the whole of
 * what the reader asked for it, the latest intent's), laid over what the table holds. Rolling back is the
 * queue dropping its entry; a server answer writes the table, never the overlay, so it cannot erase one.
 */
import type { Notification } from './matches';

/** What a change does to a notification: the fields it sets, or its deletion. */
export type Change = Partial<Pick<Notification, 'isRead' | 'isSeen' | 'isArchived' | 'isSnoozed' | 'snoozedUntil' | 'primaryAction' | 'secondaryAction'>> | { deleted: true };

/** The notification as the reader sees it: `change` laid over it; `undefined` when it deletes it. */
export function overlaid(notification: Notification | undefined, change: Change | undefined): Notification | undefined {
  if (!notification || !change) return notification;
  return 'deleted' in change ? undefined : { ...notification, ...change };
}

/** A change made over one still pending: what the reader has asked for so far, as one change. */
export function combined(earlier: Change | undefined, later: Change): Change {
  if ('deleted' in later || !earlier) return later;
  // Hidden by a deletion on its way: nothing more can be asked of it.
  return 'deleted' in earlier ? earlier : { ...earlier, ...later };
}
