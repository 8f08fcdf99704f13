/**
 * The reader clears their inbox: archive, snooze and delete one notification, or archive or delete
 * all of a tab's at once. Each goes through the store like a mark: shown at once by the overlay (an
 * archived notification leaves the lists it no longer matches), sent in the order made, settled to
 * the service's answer or undone. A delete waits `undoMs` before it is sent, so it can be undone
 * with nothing sent; it is sent at once when the page is hidden or closed, with `keepalive`.
 */
import { NOT_SENT } from './intents';
import type { NotificationActions } from './notification-actions';
import type { NotificationStore } from './notification-store';
import type { Change } from './overlay';

/** What the service sets when it archives (v2 marks an archived notification read and seen). */
const ARCHIVED: Change = { isArchived: true, isRead: true, isSeen: true };

/** The refusal of a delete undone within its window: nothing was sent, and it is back. */
export { NOT_SENT as UNDONE } from './intents';

type Scope = Parameters<NotificationActions['all']>[0];

export type Triage = ReturnType<typeof createTriage>;

export function createTriage(store: NotificationStore, marks: NotificationActions, undoMs = 5000) {
  const n = store.client.notifications;
  /** Deletes in their undo window, by id: `true` sends it now, `false` undoes it. */
  const held = new Map<string, (send: boolean) => void>();
  const sendHeld = () => held.forEach((settle) => settle(true));
  /** Hiding the page sends what is held too: it may never come back. */
  const onHidden = () => document.visibilityState === 'hidden' && sendHeld();

  return {
    /** How long a delete can be undone, in ms. */
    undoMs,
    archive: (id: string) => marks.one(id, ARCHIVED, (p, o) => n.archive(p, o)),
    /** Unarchives; the service marks it read, as archiving did. */
    unarchive: (id: string) => marks.one(id, { isArchived: false, isRead: true, isSeen: true }, (p, o) => n.unarchive(p, o)),
    /** Snoozes until `until` (the service wants it at least a minute ahead, and within its plan's limit). */
    async snooze(id: string, until: Date) {
      await marks.one(id, { isSnoozed: true, snoozedUntil: until.toISOString(), isSeen: true, isArchived: false }, (p, o) => n.snooze({ ...p, snoozeUntil: until }, o));
      // It comes back unread when the snooze ends: the counts are asked again then, and a count that
      // moved brings the newest notifications (a poll would find it too, within its interval).
      setTimeout(() => void store.queryClient.invalidateQueries({ queryKey: [...store.key, 'count'] }), Math.min(2 ** 31 - 1, +until - Date.now() + 1000));
    },
    unsnooze: (id: string) => marks.one(id, { isSnoozed: false, snoozedUntil: null, isSeen: true, isArchived: false }, (p, o) => n.unsnooze(p, o)),
    /**
     * Deletes it from the lists at once, and from the service when the undo window closes; `undo(id)`
     * within it brings it back and sends nothing (the promise then rejects with `UNDONE`). A refusal
     * brings it back too. Sent again after an unclear answer, it goes at once.
     */
    remove(id: string): Promise<void> {
      held.get(id)?.(false);
      const closing = new Promise<boolean>((settle) => {
        const close = (send: boolean) => {
          clearTimeout(timer);
          // Only this delete's own entry: a later remove of the same id holds one of its own.
          if (held.get(id) === close) held.delete(id);
          settle(send);
        };
        // The window closing sends it, and leaves nothing for `undo` to find.
        const timer = setTimeout(close, undoMs, true);
        held.set(id, close);
      });
      return marks.one(id, { deleted: true }, async (p, o) => {
        if (!(await closing)) throw NOT_SENT;
        return n.delete(p, { ...o, keepalive: true });
      });
    },
    /** Undoes the delete of `id` while its window is open (nothing is sent); whether it was. */
    undo(id: string): boolean {
      const settle = held.get(id);
      settle?.(false);
      return !!settle;
    },
    /** Archives every notification `scope` selects (its tags or data; all by default), in one request. */
    archiveAll: (scope: Scope = {}) => marks.all(scope, {}, ARCHIVED, (p, o) => n.archiveAll(p, o)),
    /** Archives the read ones. */
    archiveRead: (scope: Scope = {}) => marks.all(scope, { read: true }, ARCHIVED, (p, o) => n.archiveAllRead(p, o)),
    /** Deletes every notification `scope` selects, for good (no undo: the inbox asks first). */
    deleteAll: (scope: Scope = {}) => marks.all(scope, {}, { deleted: true }, (p, o) => n.deleteAll(p, o)),
    /** Sends what waits in its undo window when the page is hidden or closed; returns the function that stops (and sends it). */
    connect() {
      addEventListener('pagehide', sendHeld);
      document.addEventListener('visibilitychange', onHidden);
      return () => {
        removeEventListener('pagehide', sendHeld);
        document.removeEventListener('visibilitychange', onHidden);
        sendHeld();
      };
    },
  };
}
