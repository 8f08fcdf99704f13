/**
 * Whether a notification belongs in a filtered list, by the service's own rules (v2's list and counts):
 * each condition given must hold; `archived` and `snoozed` left out select both. A list shows the
 * notifications that match (see list-view): one marked read leaves the Unread tab as it no longer matches.
 */
import type { FreePayload, InboxNotification, Severity } from '../client/index';
import { partialMatch } from '../client/payload';

/** A notification as the kit holds it: the payload is the app's, typed where the app reads it. */
export type Notification = InboxNotification<FreePayload>;

export interface ListFilter {
  read?: boolean | undefined;
  seen?: boolean | undefined;
  archived?: boolean | undefined;
  snoozed?: boolean | undefined;
  /** Any of these severities; `none` also selects a notification sent without one. */
  severity?: readonly Severity[] | undefined;
  /** Any of these tags. */
  tags?: readonly string[] | undefined;
  /** Part of the notification's `data` (a partial deep match, as the service's equality on each path). */
  data?: Record<string, unknown> | undefined;
}

export function matches(notification: Notification, filter: ListFilter): boolean {
  const { read, seen, archived, snoozed, severity, tags, data } = filter;
  return (
    (read === undefined || notification.isRead === read) &&
    (seen === undefined || notification.isSeen === seen) &&
    (archived === undefined || notification.isArchived === archived) &&
    (snoozed === undefined || notification.isSnoozed === snoozed) &&
    (!severity || severity.includes(notification.severity as Severity)) &&
    (!tags || tags.length === 0 || tags.some((tag) => notification.tags?.includes(tag) === true)) &&
    (!data || partialMatch(data, notification.data))
  );
}
