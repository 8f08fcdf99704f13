/**
 * What a filtered list shows: the table's notifications, with the pending changes laid over them,
 * that match its filter, newest first as the service orders them, down to the oldest one its pages
 * have reached. A notification that starts to match within that reach (marked unread while the
 * Unread tab shows its first page) appears in place; one that stops matching leaves; nothing is
 * moved between caches. On v2 the next page is asked after the oldest notification still there.
 */
import type { FreePayload, InboxNotification } from '../client/index';
import { matches, type ListFilter } from './matches';

type Notification = InboxNotification<FreePayload>;

/** Where a notification is in the service's order: newer first, then the larger id. */
export function newerFirst(a: Pick<Notification, 'createdAt' | 'id'>, b: Pick<Notification, 'createdAt' | 'id'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * The list: of `notifications` (the table's, each as the overlay shows it; `undefined` for one
 * being deleted), those that match `filter` and are no older than `reach`, the oldest notification
 * the list's pages hold (`undefined` when they hold all there is).
 */
export function listView(notifications: Iterable<Notification | undefined>, filter: ListFilter, reach: Pick<Notification, 'createdAt' | 'id'> | undefined): Notification[] {
  return listOfSorted([...notifications].filter((n) => n !== undefined).sort(newerFirst), filter, reach);
}

/**
 * `listView` of notifications already in the service's order (the store's snapshot keeps them so,
 * once for every list): it stops at the reach, so a list's first page looks at what it shows, not
 * at every notification the table holds.
 */
export function listOfSorted(notifications: readonly Notification[], filter: ListFilter, reach: Pick<Notification, 'createdAt' | 'id'> | undefined): Notification[] {
  const shown: Notification[] = [];
  for (const notification of notifications) {
    if (reach && newerFirst(notification, reach) > 0) break;
    if (matches(notification, filter)) shown.push(notification);
  }
  return shown;
}

/**
 * The cursor for the next v2 page: the oldest notification the pages hold that the service still
 * has. A cursor naming a deleted notification fails on the service (500), so deleted ones are
 * passed over; when none is left, the list starts again from its newest.
 */
export function nextCursor(pageIds: readonly string[], deleted: (id: string) => boolean): string | undefined {
  return [...pageIds].reverse().find((id) => !deleted(id));
}
