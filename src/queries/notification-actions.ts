/**
 * The reader's changes of notifications, each through the store (shown at once, sent in the order
 * made, settled to the service's answer or undone): read and unread, seen on view in batches, the
 * buttons, and "mark all as read", in one request where the service has one.
 */
import { newIdempotencyKey } from '../client/http';
import { idsOf, type ListData } from './list-query';
import type { ListFilter, Notification } from './matches';
import type { NotificationParams, RequestOptions } from '../client/index';
import { empties, leaves } from './count-plan';
import type { NotificationStore } from './notification-store';
import type { Change } from './overlay';
import { createSeenBatch } from './seen-batch';

/** Which notifications a change of all touches: those of these tags, or this data (all by default). */
type Scope = Pick<ListFilter, 'tags' | 'data'>;

/** A request that changes all the notifications its filter selects. */
type BulkRoute = (params: Scope & { subscriberId: string }, options: RequestOptions) => Promise<unknown>;

export type NotificationActions = ReturnType<typeof createNotificationActions>;

export function createNotificationActions(store: NotificationStore, options: { seenBatchMs?: number | undefined } = {}) {
  const { client, subscriberId } = store;
  /**
   * A change sent in one request per notification, each under one idempotency key across its sendings: the
   * intent queue sends a change again after an unclear answer, and the service must apply it once.
   */
  const each = (ids: readonly string[], change: Change, route: (params: NotificationParams, options: RequestOptions) => Promise<Notification | void | undefined>) => {
    const keys = new Map(ids.map((id) => [id, newIdempotencyKey()]));
    return store.change(ids, change, (notificationId) => route({ subscriberId, notificationId }, { idempotencyKey: keys.get(notificationId)! }));
  };
  const read = (ids: readonly string[]) => each(ids, { isRead: true, isSeen: true }, (params, o) => client.notifications.markAsRead(params, o));
  // The service marks a notification seen with any change, and unarchives one marked unread.
  const unread = (ids: readonly string[]) => each(ids, { isRead: false, isSeen: true, isArchived: false }, (params, o) => client.notifications.markAsUnread(params, o));
  /** Of these, those the reader sees unseen (not those whose seen mark is on its way). */
  const unseen = (ids: Iterable<string>) => {
    const wanted = new Set(ids);
    return store.snapshot().views.flatMap((n) => (wanted.has(n.id) && !n.isSeen ? [n.id] : []));
  };
  /** Ids a service left out of a seen answer that lists what it changed (a v1 client's): not this subscriber's, or gone. */
  const skipped = new Set<string>();
  const markSeen = async (ids: readonly string[]) => {
    // Nothing to send for none: an empty list of ids is no request.
    if (ids.length === 0) return;
    const idempotencyKey = newIdempotencyKey();
    return store.change(ids, { isSeen: true }, {
      together: async () => {
        // v2 answers nothing; a v1 client's stand-in answers the notifications it changed.
        const answer = (await client.notifications.markAsSeen({ subscriberId, notificationIds: ids }, { idempotencyKey })) as Notification[] | void;
        if (answer) for (const id of ids) if (!answer.some((n) => n.id === id)) skipped.add(id);
        return answer;
      },
    });
  };
  /**
   * Marks all that match `filter` (its tags or data; all by default) and are not yet `unmarked`, in one
   * request under one idempotency key (as `each`), then asks the counts again: it changed what the kit does
   * not hold too. Over v1 the proxy, or a v1 client's stand-in, marks all as v1 can (and refuses the rest).
   */
  const markAll = async (filter: Scope, unmarked: ListFilter, change: Change, route: BulkRoute) => {
    const idempotencyKey = newIdempotencyKey();
    const cleared = { ...filter, ...unmarked };
    let done = false;
    try {
      await store.changeAll(cleared, change, () => route({ subscriberId, tags: filter.tags, data: filter.data }, { idempotencyKey }));
      done = true;
    } finally {
      // Done, it emptied some counts (the service holds none now); the others it moved by what the
      // kit does not hold are asked again. Failed part-way (v1's batches): all of them.
      void store.queryClient.invalidateQueries({
        queryKey: [...store.key, 'count'],
        predicate: (query) => !done || (query.queryKey.at(-1) as ListFilter[]).some((counted) => !empties([cleared, change], counted) && !leaves([cleared, change], counted)),
      });
    }
  };
  // Seen on view is not the reader's doing: an id whose request failed waits a while (see seen-batch).
  const seen = createSeenBatch((ids) => markSeen(unseen(ids)), skipped, options.seenBatchMs ?? 300);

  return {
    /** A change of one notification, sent through `route` under one key (see the triage's archive and snooze). */
    one: (id: string, change: Change, route: Parameters<typeof each>[2]) => each([id], change, route),
    /** A change of every notification `filter` selects that matches `unmarked` too, in one request (see `markAll`). */
    all: markAll,
    markAsRead: (id: string) => read([id]),
    markAsUnread: (id: string) => unread([id]),
    /** Marks several read or unread: one request each on v2 (which has no other way), one for all on v1. */
    markMany: (ids: readonly string[], asRead: boolean) => (asRead ? read(ids) : unread(ids)),
    /** Marks these seen, in one request. */
    markSeen,
    /** Queues an id to be marked seen with others seen soon after it, in one request. */
    markSeenSoon: seen.add,
    /** Marks seen, in one request, every unseen notification the lists show. */
    markShownSeen: () => markSeen(unseen(store.queryClient.getQueriesData<ListData>({ queryKey: [...store.key, 'list'] }).flatMap(([, data]) => (data ? idsOf(data.pages) : [])))),
    /** Marks read every unread notification that matches `filter` (its tags or data; all by default). */
    markAllAsRead: (filter: Scope = {}) => markAll(filter, { read: false }, { isRead: true, isSeen: true }, (p, o) => client.notifications.markAllAsRead(p, o)),
    /** Marks seen every unseen notification that matches `filter` (its tags or data; all by default), in one request. */
    markAllAsSeen: (filter: Scope = {}) => markAll(filter, { seen: false }, { isSeen: true }, (p, o) => client.notifications.markAsSeen(p, o)),
    /** A button was clicked (`done`), or its click undone. */
    completeAction(id: string, type: 'primary' | 'secondary', done = true) {
      const field = type === 'primary' ? 'primaryAction' : 'secondaryAction';
      const action = store.table.get(id)?.[field];
      const change = action ? { [field]: { ...action, isCompleted: done } } : {};
      // Called on `client.notifications`: a client of the app's own may use `this`.
      return each([id], change, (params, o) => client.notifications[done ? 'completeAction' : 'revertAction']({ ...params, actionType: type }, o));
    },
    /** Drops what seen-on-view has queued and not sent. */
    stop: seen.stop,
  };
}
