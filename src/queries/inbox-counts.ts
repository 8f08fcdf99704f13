/**
 * What the inbox counts, in one request (the one its bell polls with): the badge's count, the
 * unread (the header's "mark all"), the unread of high severity (the badge's colour) and each tab's
 * unread. Shared by the components and the server's prefetch, so both ask under one key.
 */
import type { CountKind } from './count-label';
import type { ListFilter } from './matches';

/** What each count counts: a snoozed notification is out of sight until it comes back (unread). */
export const COUNTED: Record<CountKind, ListFilter> = { unread: { read: false, snoozed: false }, unseen: { seen: false, snoozed: false } };

/** What a tab leaves out unless its filter asks for it: what the reader archived or snoozed. */
export const CURRENT = { archived: false, snoozed: false } as const;

/** A tab's filter with the default of `CURRENT`. */
export const tabFilter = (filter: ListFilter): ListFilter => ({ ...CURRENT, ...filter });

/**
 * What a tab's count counts: its unread notifications (an archived one is read), or nothing for a
 * tab of read, archived or snoozed ones, and for one filtered by `data`, which the service's counts
 * cannot filter by.
 */
export function tabCountFilter(filter: ListFilter): ListFilter | undefined {
  const { read, archived, snoozed, data, ...rest } = filter;
  return read || archived || snoozed || data ? undefined : { ...rest, ...COUNTED.unread };
}

/** The filters of the inbox's counts: the badge's, the unread, high severity, then each of `tabs` that has one (in order). */
export function inboxCountFilters(badge: CountKind, tabs: readonly ListFilter[]): ListFilter[] {
  return [COUNTED[badge], COUNTED.unread, { ...COUNTED.unread, severity: ['high'] }, ...tabs.flatMap((filter) => tabCountFilter(filter) ?? [])];
}
