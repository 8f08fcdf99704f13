/**
 * The reader's changes of notifications, each through the store (shown at once, sent in the order
 * made, settled to the service's answer or undone): read and unread, seen on view in batches, the
 * buttons, and "mark all as read", in one request where the service has one.
 */
import { newIdempotencyKey } from '../client/http';
import type { ListFilter } from './matches';
import { matches } from './matches';
import { createMarkEverything } from './mark-everything';
import type { NotificationStore } from './notification-store';
import { createSeenBatch } from './seen-batch';

export type ActionType = 'primary' | 'secondary';

export interface NotificationActions {
  markAsRead(id: string): Promise<void>;
  markAsUnread(id: string): Promise<void>;
  /** Queues an id to be marked seen with others seen soon after it, in one request. */
  markSeenSoon(id: string): void;
  /** Marks seen, in one request, every unseen notification the lists show. */
  markShownSeen(): Promise<void>;
  /** Marks read every unread notification that matches `filter` (its tags or data; all by default). */
  markAllAsRead(filter?: Pick<ListFilter, 'tags' | 'data'>): Promise<void>;
  /** A button was clicked (`done`), or its click undone. */
  completeAction(id: string, type: ActionType, done?: boolean): Promise<void>;
  /** Drops what seen-on-view has queued and not sent. */
  stop(): void;
}

export function createNotificationActions(store: NotificationStore, options: { seenBatchMs?: number | undefined } = {}): NotificationActions {
  const { client, subscriberId } = store;
  const one = (notificationId: string) => ({ subscriberId, notificationId });
  const markEverything = createMarkEverything(client, subscriberId);
  /** Of these, those the reader sees unseen (not those whose seen mark is on its way). */
  const unseen = (ids: Iterable<string>) => {
    const wanted = new Set(ids);
    return store.snapshot().views.flatMap((n) => (wanted.has(n.id) && !n.isSeen ? [n.id] : []));
  };
  // Nothing to send for none: an empty list of ids is no request.
  const markSeen = async (ids: string[]) =>
    ids.length > 0 ? store.change(ids, { isSeen: true }, { together: () => client.notifications.markAsSeen({ subscriberId, notificationIds: ids }) }) : undefined;
  // Seen on view is not the reader's doing: an id whose request failed waits a while (see seen-batch).
  const seen = createSeenBatch((ids) => markSeen(unseen(ids)), new Set(), options.seenBatchMs ?? 300);

  return {
    // The service marks a notification seen with any change, and unarchives one marked unread.
    markAsRead: (id) => store.change([id], { isRead: true, isSeen: true }, (nid) => client.notifications.markAsRead(one(nid))),
    markAsUnread: (id) => store.change([id], { isRead: false, isSeen: true, isArchived: false }, (nid) => client.notifications.markAsUnread(one(nid))),
    markSeenSoon: seen.add,
    async markShownSeen() {
      const shown = store.queryClient.getQueriesData<{ pages: { ids: string[] }[] }>({ queryKey: [...store.key, 'list'] }).flatMap(([, data]) => data?.pages.flatMap((page) => page.ids) ?? []);
      const ids = unseen(new Set(shown));
      if (ids.length > 0) await markSeen(ids);
    },
    async markAllAsRead(filter = {}) {
      const unread = { ...filter, read: false };
      const ids = store.snapshot().views.flatMap((n) => (matches(n, unread) ? [n.id] : []));
      const { api } = await client.capabilities({ subscriberId });
      // Kept for a second sending after an unclear answer, so the service applies it once.
      const idempotencyKey = newIdempotencyKey();
      const send =
        api === 'v2'
          ? () => client.notifications.markAllAsRead({ subscriberId, tags: filter.tags, data: filter.data }, { idempotencyKey })
          : // v1: one mark-all where the service has it (none by payload), else 100 at a time.
            markEverything({ markAs: 'read', payload: filter.data, held: ids, count: () => undefined, idempotencyKey });
      const clear = store.clear(unread);
      try {
        await store.change(ids, { isRead: true, isSeen: true }, { together: () => send() });
        clear.answered();
      } catch (error) {
        clear.failed();
        throw error;
      } finally {
        // It marked what the kit does not hold too: the counts are asked again.
        void store.queryClient.invalidateQueries({ queryKey: [...store.key, 'count'] });
      }
    },
    completeAction(id, type, done = true) {
      const field = type === 'primary' ? 'primaryAction' : 'secondaryAction';
      const action = store.table.get(id)?.[field];
      const change = action ? { [field]: { ...action, isCompleted: done } } : {};
      const operation = done ? client.notifications.completeAction : client.notifications.revertAction;
      return store.change([id], change, (nid) => operation({ ...one(nid), actionType: type }));
    },
    stop: seen.stop,
  };
}
