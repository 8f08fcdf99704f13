/**
 * Optimistic changes as an overlay: the intent queue's pending changes, laid over what the table
 * holds, in the order they were made. Rolling one back is dropping its entry; a server answer
 * writes the table, never the overlay, so it cannot erase a pending change. A change that settles
 * is dropped once its answer is in the table.
 */
import type { FreePayload, InboxNotification } from '../client/index';

type Notification = InboxNotification<FreePayload>;

/** What a change does to a notification: the fields it sets, or its deletion. */
export type Change = Partial<Pick<Notification, 'isRead' | 'isSeen' | 'isArchived' | 'isSnoozed' | 'snoozedUntil'>> | { deleted: true };

export interface Overlay {
  /** A pending change to these notifications, under the intent's number (its place in the queue's order). */
  set(intent: number, ids: readonly string[], change: Change): void;
  /** The intent settled or was rolled back. */
  drop(intent: number): void;
  /** The notification with the pending changes laid over it, in order; `undefined` when one deletes it. */
  view(notification: Notification): Notification | undefined;
  /** Whether any change is pending for this id. */
  pending(id: string): boolean;
}

export function createOverlay(): Overlay {
  // Intent number → its ids and change; a Map keeps insertion order, and intents are numbered in order.
  const entries = new Map<number, { ids: ReadonlySet<string>; change: Change }>();

  return {
    set(intent, ids, change) {
      entries.set(intent, { ids: new Set(ids), change });
    },
    drop(intent) {
      entries.delete(intent);
    },
    view(notification) {
      let view: Notification | undefined = notification;
      for (const [, { ids, change }] of [...entries].sort(([a], [b]) => a - b)) {
        if (!view || !ids.has(notification.id)) continue;
        view = 'deleted' in change ? undefined : { ...view, ...change };
      }
      return view;
    },
    pending(id) {
      for (const { ids } of entries.values()) if (ids.has(id)) return true;
      return false;
    },
  };
}
