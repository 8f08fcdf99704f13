/**
 * Counts on v2: every count the UI shows (unread, unseen, each tab's) asked in one request, and
 * each answer moved by the pending changes the service has not counted yet. The service stops
 * counting at 100: such a count is a lower bound, and stays one after the overlay moves it.
 */
import type { NotificationCountFilter } from '../client/index';
import { matches, type ListFilter, type Notification } from './matches';
import type { Change } from './overlay';

/** The service counts at most this many for each filter. */
export const COUNT_CAP = 100;

/**
 * A count from a v1 list of the first `COUNT_CAP` (v1 has no count route): its items, invalid ones
 * included (they are the user's too), or `COUNT_CAP` when more follow (a lower bound, as v2's).
 */
export function listedCount(page: { data: readonly unknown[]; invalidItems: readonly unknown[]; hasMore: boolean }): number {
  return page.hasMore ? COUNT_CAP : page.data.length + page.invalidItems.length;
}

/**
 * Whether v1 can count `filter` from a list: it has no severity (none of its notifications is high,
 * so a count of other severities is 0) and cannot list by tags (such a count is left at 0).
 */
export function countableOnV1(filter: { tags?: readonly unknown[] | undefined; severity?: readonly string[] | undefined }): boolean {
  return !filter.tags?.length && (!filter.severity || filter.severity.includes('none'));
}

/** The filters of one count request for these counts, each asked once, and where each count's answer is. */
export function countPlan(wanted: readonly ListFilter[]): { filters: NotificationCountFilter[]; at: number[] } {
  // `data` is not a filter of the count route: a tab filtered by data is counted from its list.
  const keys = wanted.map(({ read, seen, archived, snoozed, severity, tags }) => JSON.stringify({ read, seen, archived, snoozed, severity, tags }));
  const sent = [...new Set(keys)];
  return { filters: sent.map((key) => JSON.parse(key) as NotificationCountFilter), at: keys.map((key) => sent.indexOf(key)) };
}

export interface ShownCount {
  count: number;
  /** `false` when the service stopped counting: there are at least `count`. */
  exact: boolean;
}

/**
 * A notification before and after a change (`undefined`: not there, or deleted); `arrived`: delivered
 * just now (the socket), so not there before. Otherwise a row the table did not hold moves no count: its
 * state before the change is not known.
 */
export type Move = readonly [before: Notification | undefined, after: Notification | undefined, arrived?: boolean];

/**
 * A count the service answered, moved by the changes it has not counted: each notification leaves or joins
 * the filter as it does from `before` to `after`. Pending changes move it from the table's state to the
 * overlay's; the kit's changes answered after the count was asked, from what the table held to the answer.
 */
export function shownCount(counted: number, filter: ListFilter, moves: Iterable<Move>): ShownCount {
  let count = counted;
  const inside = (n: Notification | undefined) => (n !== undefined && matches(n, filter) ? 1 : 0);
  for (const [before, after, arrived] of moves) if (before || arrived) count += inside(after) - inside(before);
  return { count: Math.max(0, count), exact: counted < COUNT_CAP };
}

/** The fields of a filter, and the notification's field a change sets for each. */
const FIELDS = [
  ['read', 'isRead'],
  ['seen', 'isSeen'],
  ['archived', 'isArchived'],
  ['snoozed', 'isSnoozed'],
] as const;

/** A change of all: the notifications it selects (`cleared`: within its tags and data, those that match) and what it does to them. */
type ChangeOfAll = readonly [cleared: ListFilter, change: Change];

/** Filters no notification can match both of (they ask opposite values of a field). */
const disjoint = (a: ListFilter, b: ListFilter) => FIELDS.some(([key]) => a[key] !== undefined && b[key] !== undefined && a[key] !== b[key]);

/**
 * Whether a change of all leaves nothing in `filter`: every notification `filter` counts, within the
 * same tags and data, is one it selects, and it takes each out (it deletes them, or sets a field
 * `filter` asks otherwise). "Mark all as read" empties the unread counts, not the unseen (seen but
 * unread is possible); archiving all empties both.
 */
export function empties([cleared, change]: ChangeOfAll, filter: ListFilter): boolean {
  const same = (a: unknown, b: unknown) => a === undefined || JSON.stringify(a) === JSON.stringify(b);
  const selectsAll = FIELDS.every(([key]) => cleared[key] === undefined || filter[key] === cleared[key]);
  const takesOut = 'deleted' in change || FIELDS.some(([key, field]) => filter[key] !== undefined && change[field] !== undefined && change[field] !== filter[key]);
  return selectsAll && takesOut && same(cleared.tags, filter.tags) && same(cleared.data, filter.data);
}

/**
 * Whether a change of all leaves a count of `filter` as it was: it selects none of what `filter`
 * counts, and what it changes does not come to match `filter` ("archive read" and the unread count).
 */
export function leaves([cleared, change]: ChangeOfAll, filter: ListFilter): boolean {
  if (!disjoint(cleared, filter)) return false;
  if ('deleted' in change) return true;
  const after: ListFilter = { ...cleared };
  for (const [key, field] of FIELDS) if (change[field] !== undefined) after[key] = change[field];
  return disjoint(after, filter);
}
