/**
 * The table of notifications: each held once, by id, whatever answer brought it (a v1 or v2 page,
 * a change's answer, another tab's relay). Answers are ordered by the store's own sequence, never by
 * a clock: a read takes the next number when it is sent, a change's answer (or a relay) when it
 * arrives, since the service had applied the change by then; an answer is written only over rows
 * an answer of a lower number wrote. A deletion is kept as a row too, so that a read
 * sent before it cannot bring the notification back.
 */
import type { FreePayload, InboxNotification } from '../client/index';
import { createListeners } from './listeners';

type Notification = InboxNotification<FreePayload>;

interface Row {
  /** `undefined`: deleted. */
  notification: Notification | undefined;
  /** The sequence number of the read or change whose answer wrote it. */
  seq: number;
}

export interface NotificationTable {
  /** The next sequence number: take one when a read or a change is sent. */
  next(): number;
  /** Writes what an answer sent at `seq` holds; returns the ids it changed. */
  merge(notifications: readonly Notification[], seq: number): string[];
  /** The service deleted these (an answer sent at `seq` says so). */
  remove(ids: readonly string[], seq: number): string[];
  /** The notification as the service last said it is; `undefined` when unknown or deleted. */
  get(id: string): Notification | undefined;
  /** The service deleted it (as far as the table knows). */
  deleted(id: string): boolean;
  /** Every notification the table holds (not the deleted). */
  all(): Notification[];
  /** Calls `listener` with the ids each write changed; returns the function that stops. */
  subscribe(listener: (ids: string[]) => void): () => void;
}

export function createNotificationTable(): NotificationTable {
  const rows = new Map<string, Row>();
  const listeners = createListeners<[ids: string[]]>();
  let seq = 0;

  function write(entries: [string, Notification | undefined][], at: number): string[] {
    const changed: string[] = [];
    for (const [id, notification] of entries) {
      const row = rows.get(id);
      // An answer sent before the one that wrote this row knows less than it.
      if (row && row.seq > at) continue;
      if (row && row.notification === notification) continue;
      rows.set(id, { notification, seq: at });
      changed.push(id);
    }
    if (changed.length > 0) listeners.call(changed);
    return changed;
  }

  return {
    next: () => ++seq,
    merge: (notifications, at) => write(notifications.map((n) => [n.id, n]), at),
    remove: (ids, at) => write(ids.map((id) => [id, undefined]), at),
    get: (id) => rows.get(id)?.notification,
    deleted: (id) => rows.has(id) && rows.get(id)!.notification === undefined,
    all: () => [...rows.values()].flatMap((row) => (row.notification ? [row.notification] : [])),
    subscribe: listeners.add,
  };
}
