import { useContext } from 'react';
import { InboxApiError, type InboxNotification, type RegisteredPayload } from '../../client/index';
import { useInboxContext } from '../../hooks/InboxProvider';
import { displayText } from '../../i18n/display-text';
import { UNDONE } from '../../queries/triage';
import type { InboxLabels } from '../../i18n/labels';
import type { Inbox } from '../../queries/inbox';
import { InboxUiContext, type InboxUi } from '../inbox/context';
import { useItemSettings } from '../shared/settings';

/** What a person can do to one notification: what the default row offers, and what `renderItem` is given. */
export interface NotificationRowActions {
  /** Marks it read, or unread when it is read. */
  toggleRead(): void;
  /** Archives it (with an Undo toast), or unarchives an archived one. */
  archive(): void;
  /** Snoozes it until `until` (with an Undo toast); the service's refusal shows in a toast. */
  snooze(until: Date): void;
  unsnooze(): void;
  /** Deletes it after the undo window of its toast. */
  delete(): void;
  /** What the service can do: on a v1-only service none of these, and their controls are left out. */
  can: { archive: boolean; snooze: boolean; delete: boolean };
}

/**
 * What to do with a change's failure: say it in a toast, in the service's own words when it refused
 * (cut short). An undone delete is no failure.
 */
export const toastFailure =
  (toast: InboxUi['toast'], labels: InboxLabels) =>
  (error: unknown): void => {
    if (error !== UNDONE) toast({ message: labels.changeFailed(error instanceof InboxApiError ? displayText(error.messages[0] ?? '', 200).text : '') });
  };

/**
 * The actions of one row, each with its toast. One that takes the notification out of the list
 * leaves focus to the feed, which hands it to the next row.
 */
export function useRowActions(notification: InboxNotification<RegisteredPayload>): NotificationRowActions {
  return rowActionsOf(notification, useInboxContext('NotificationItem').inbox, useContext(InboxUiContext), useItemSettings().labels);
}

/** The same, of what the hook reads (the feed's keyboard shortcuts make them for the focused row). */
export function rowActionsOf(notification: InboxNotification<RegisteredPayload>, inbox: Inbox, ui: InboxUi | null, labels: InboxLabels): NotificationRowActions {
  const { actions, triage } = inbox;
  const { id } = notification;
  const can = ui?.capabilities ?? { archive: false, snooze: false, delete: false };
  const toast = ui?.toast ?? (() => undefined);
  const run = (change: Promise<unknown>) => void change.catch(toastFailure(toast, labels));
  return {
    can,
    toggleRead: () => run(notification.isRead ? actions.markAsUnread(id) : actions.markAsRead(id)),
    archive() {
      if (notification.isArchived) return run(triage.unarchive(id));
      const wasUnread = !notification.isRead;
      // Undone as it was: marking unread also takes it out of the archive, in one request.
      run(triage.archive(id).then(() => toast({ message: labels.archived, undo: () => run(wasUnread ? actions.markAsUnread(id) : triage.unarchive(id)) })));
    },
    // The toast once the service has it: a snooze past the service's plan is refused, and only that is said.
    snooze: (until) => run(triage.snooze(id, until).then(() => toast({ message: labels.snoozed, undo: () => run(triage.unsnooze(id)) }))),
    unsnooze: () => run(triage.unsnooze(id)),
    delete() {
      const removal = triage.remove(id);
      run(removal);
      // Gone once sent (the window closed, or the page was hidden): no Undo left to offer.
      toast({ message: labels.deleted, undo: () => triage.undo(id), ends: removal });
    },
  };
}
