/**
 * Whether a notification belongs in a filtered list, by the service's own rules (v2's list and
 * counts): each condition given must hold; `archived` and `snoozed` left out select both. A list
 * shows the table's notifications that match its filter, so a notification marked read leaves the
 * Unread tab because it no longer matches, not because code took it out of a cache.
 */
import type { FreePayload, InboxNotification, Severity } from '../client/index';
import { partialMatch } from '../client/payload';

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

export function matches(notification: InboxNotification<FreePayload>, filter: ListFilter): boolean {
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
