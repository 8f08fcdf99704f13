/**
 * Counts on v2: every count the UI shows (unread, unseen, each tab's) asked in one request, and
 * each answer moved by the pending changes the service has not counted yet. The service stops
 * counting at 100: such a count is a lower bound, and stays one after the overlay moves it.
 */
import type { NotificationCountFilter } from '../client/index';
import { matches, type ListFilter, type Notification } from './matches';

/** The service counts at most this many for each filter. */
export const COUNT_CAP = 100;

/**
 * A count from a v1 list of the first `COUNT_CAP` (v1 has no count route): its items, invalid ones
 * included (they are the user's too), or `COUNT_CAP` when more follow (a lower bound, as v2's).
 */
export function listedCount(page: { data: readonly unknown[]; invalidItems: readonly unknown[]; hasMore: boolean }): number {
  return page.hasMore ? COUNT_CAP : page.data.length + page.invalidItems.length;
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

/** A notification before and after a change (`undefined`: not there, or deleted). */
export type Move = readonly [before: Notification | undefined, after: Notification | undefined];

/**
 * A count the service answered, moved by the changes it has not counted: each notification leaves or joins
 * the filter as it does from `before` to `after`. Pending changes move it from the table's state to the
 * overlay's; the kit's changes answered after the count was asked, from what the table held to the answer.
 */
export function shownCount(counted: number, filter: ListFilter, moves: Iterable<Move>): ShownCount {
  let count = counted;
  const inside = (n: Notification | undefined) => (n !== undefined && matches(n, filter) ? 1 : 0);
  for (const [before, after] of moves) if (before) count += inside(after) - inside(before);
  return { count: Math.max(0, count), exact: counted < COUNT_CAP };
}

/**
 * Whether clearing `cleared` (its unread or unseen, of its tags and data) empties `filter`: unread (or
 * unseen) within the same tags and data, whatever else it asks (clearing unseen leaves the seen-but-unread).
 */
export function empties(cleared: ListFilter, filter: ListFilter): boolean {
  const same = (a: unknown, b: unknown) => a === undefined || JSON.stringify(a) === JSON.stringify(b);
  const emptied = cleared.read === false ? filter.read === false : cleared.seen === false && filter.seen === false;
  return emptied && same(cleared.tags, filter.tags) && same(cleared.data, filter.data);
}
