/**
 * The table of notifications: each held once, by id, whatever answer brought it (a v1 or v2 page, a change's
 * answer, another tab's relay). Answers are ordered by the store's own sequence, never by a clock: a read
 * takes the next number when it is sent, a change's answer (or a relay) when it arrives, since the service
 * had applied the change by then; an answer is written only over rows an answer of a lower number wrote. A
 * deletion is kept as a row too, so that a read sent before it cannot bring the notification back.
 */
import { newerFirst } from './list-view';
import { createListeners } from './listeners';
import type { Notification } from './matches';

interface Row {
  /** `undefined`: deleted. */
  notification: Notification | undefined;
  /** The sequence number of the read or change whose answer wrote it. */
  seq: number;
}

export type NotificationTable = ReturnType<typeof createNotificationTable>;

export function createNotificationTable() {
  const rows = new Map<string, Row>();
  const listeners = createListeners<[ids: string[]]>();
  let seq = 0;
  /** What `all()` gave since the last write (sorted once per write, not once per change laid over it). */
  let sorted: readonly Notification[] | undefined;

  /** Writes what an answer sent at `at` holds (an entry's own number, where it has one). */
  function write(entries: [string, Notification | undefined, number?][], at: number): string[] {
    const changed: string[] = [];
    for (const [id, notification, seq = at] of entries) {
      const row = rows.get(id);
      // An answer sent before the one that wrote this row knows less than it.
      if (row && (row.seq > at || row.notification === notification)) continue;
      rows.set(id, { notification, seq });
      changed.push(id);
    }
    if (changed.length > 0) {
      sorted = undefined;
      listeners.call(changed);
    }
    return changed;
  }

  return {
    /** The next sequence number: take one when a read or a change is sent. */
    next: () => ++seq,
    /** Writes what an answer sent at `seq` holds; returns the ids it changed. */
    merge: (notifications: readonly Notification[], at: number) => write(notifications.map((n) => [n.id, n]), at),
    /**
     * The service deleted these (an answer sent at `at` says so): for good, as nothing undeletes, so no answer
     * brings one back (an earlier change's, answered after the delete that overtook it, included).
     */
    remove: (ids: readonly string[], at: number) => write(ids.map((id) => [id, undefined, Infinity]), at),
    /**
     * A read sent at `at` did not find these where they were: deleted, or changed elsewhere so that it no longer
     * lists them. Gone until an answer sent after the one that wrote each brings it back (another list's read
     * sent a little earlier may know where it went); one written after `at` is newer than the read.
     */
    forget(ids: readonly string[], at: number): void {
      // Each kept at the number that wrote it, all in one write: a read may find many gone.
      write(
        ids.flatMap((id) => {
          const row = rows.get(id);
          return row?.notification && row.seq < at ? [[id, undefined, row.seq] as const] : [];
        }),
        at,
      );
    },
    /** The notification as the service last said it is; `undefined` when unknown or deleted. */
    get: (id: string): Notification | undefined => rows.get(id)?.notification,
    /** Whether an answer brought it, held or deleted since. */
    has: (id: string) => rows.has(id),
    /** The service deleted it (as far as the table knows). */
    deleted: (id: string) => rows.has(id) && !rows.get(id)!.notification,
    /** Every notification the table holds (not the deleted), in the service's order: newest first. */
    all: (): readonly Notification[] => (sorted ??= [...rows.values()].flatMap((row) => (row.notification ? [row.notification] : [])).sort(newerFirst)),
    /** Calls `listener` with the ids each write changed; returns the function that stops. */
    subscribe: listeners.add,
  };
}
