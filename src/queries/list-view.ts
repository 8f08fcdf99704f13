/**
 * What a filtered list shows: the table's notifications, with the pending changes laid over them, that
 * match its filter, newest first as the service orders them, down to the oldest one its pages have reached.
 * A notification that starts to match within that reach (marked unread while the Unread tab shows its first
 * page) appears in place; one that stops matching leaves; nothing is moved between caches.
 */
import { matches, type ListFilter, type Notification } from './matches';

/** Where a notification is in the service's order: newer first, then the larger id. */
export function newerFirst(a: Pick<Notification, 'createdAt' | 'id'>, b: Pick<Notification, 'createdAt' | 'id'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * The list: of `notifications` (the table's, as the overlay shows them; `undefined`: being deleted), those
 * that match `filter` and are no older than `reach`, the oldest one its pages hold (`undefined`: all there is).
 */
export function listView(notifications: Iterable<Notification | undefined>, filter: ListFilter, reach: Pick<Notification, 'createdAt' | 'id'> | undefined): Notification[] {
  return listOfSorted([...notifications].filter((n) => n !== undefined).sort(newerFirst), filter, reach);
}

/**
 * `listView` of notifications already in the service's order (the store's snapshot sorts them once for
 * every list): it stops at the reach, so a first page looks at what it shows, not at the whole table.
 */
export function listOfSorted(notifications: readonly Notification[], filter: ListFilter, reach: Pick<Notification, 'createdAt' | 'id'> | undefined): Notification[] {
  const end = reach ? notifications.findIndex((n) => newerFirst(n, reach) > 0) : -1;
  return (end === -1 ? notifications : notifications.slice(0, end)).filter((n) => matches(n, filter));
}

/**
 * The next v2 page's cursor: the oldest notification the pages hold that the service still has (one naming
 * a deleted notification fails there with a 500); when none is left, the list starts again from its newest.
 */
export function nextCursor(pageIds: readonly string[], deleted: (id: string) => boolean): string | undefined {
  return [...pageIds].reverse().find((id) => !deleted(id));
}
