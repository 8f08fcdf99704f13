/** v2 counts: one request for every count shown, and each moved by the changes still pending. */
import { describe, expect, it } from 'vitest';
import { inboxNotification as n } from './helpers/inbox-notification';
import { countPlan, empties, leaves, shownCount } from '../src/queries/count-plan';
import { overlaid, type Change } from '../src/queries/overlay';


describe('countPlan', () => {
  it('asks each distinct filter once, in one request, and says where each count is', () => {
    const unread = { read: false, archived: false };
    const plan = countPlan([unread, { seen: false }, { read: false, archived: false }, { archived: true, data: { project: 'p' } }, {}]);
    expect(plan.filters).toEqual([{ read: false, archived: false }, { seen: false }, { archived: true }, {}]);
    expect(plan.at).toEqual([0, 1, 0, 2, 3]);
  });
});

describe('shownCount', () => {
  const table = new Map([
    ['a', n('a')],
    ['b', n('b', { isRead: true, isSeen: true })],
    ['c', n('c')],
  ]);
  const moves = (changes: Record<string, Change>) => Object.entries(changes).map(([id, change]) => [table.get(id), overlaid(table.get(id), change)] as const);

  it('moves the service’s count by the changes it has not counted yet', () => {
    const unread = { read: false };
    expect(shownCount(2, unread, moves({ a: { isRead: true, isSeen: true }, c: { isRead: true, isSeen: true }, b: { isRead: false } }))).toEqual({ count: 1, exact: true });
    // An archive takes it out of the inbox's count and into the archive's.
    const archive = moves({ a: { isArchived: true, isRead: true } });
    expect(shownCount(2, { read: false, archived: false }, archive)).toEqual({ count: 1, exact: true });
    expect(shownCount(0, { archived: true }, archive)).toEqual({ count: 1, exact: true });
    // A pending deletion leaves every count.
    expect(shownCount(2, {}, moves({ c: { deleted: true } }))).toEqual({ count: 1, exact: true });
  });

  it('a count the service stopped at 100 stays a lower bound; a notification the table does not hold moves nothing', () => {
    expect(shownCount(100, { read: false }, moves({ a: { isRead: true }, zz: { isRead: true } }))).toEqual({ count: 99, exact: false });
    expect(shownCount(0, { read: false }, moves({ zz: { isRead: true } }))).toEqual({ count: 0, exact: true });
  });
});

describe('a change of all and the counts (empties, leaves): which need asking again', () => {
  const unread = { read: false, snoozed: false };
  const unseen = { seen: false, snoozed: false };
  const read: Change = { isRead: true, isSeen: true };
  const archived: Change = { isArchived: true, isRead: true, isSeen: true };

  it('"mark all as read" empties the unread counts (high severity too), not the unseen one', () => {
    expect(empties([{ read: false }, read], unread)).toBe(true);
    expect(empties([{ read: false }, read], { ...unread, severity: ['high'] })).toBe(true);
    expect(empties([{ read: false }, read], unseen)).toBe(false);
    expect(leaves([{ read: false }, read], unseen)).toBe(false);
  });

  it('archiving or deleting all empties every count of its tags', () => {
    for (const change of [archived, { deleted: true } as const]) {
      expect(empties([{}, change], unread)).toBe(true);
      expect(empties([{}, change], unseen)).toBe(true);
      expect(empties([{ tags: ['billing'] }, change], { ...unread, tags: ['billing'] })).toBe(true);
      // Another tab's tags are not all of its notifications.
      expect(empties([{ tags: ['billing'] }, change], unread)).toBe(false);
    }
    // The archived count grows by what it did not hold: asked again.
    expect(empties([{}, archived], { archived: true })).toBe(false);
    expect(leaves([{}, archived], { archived: true })).toBe(false);
  });

  it('"archive read" leaves the unread counts as they were', () => {
    expect(leaves([{ read: true }, archived], unread)).toBe(true);
    expect(empties([{ read: true }, archived], unread)).toBe(false);
    // Marking read what is unread moves it into a count of read ones.
    expect(leaves([{ read: false }, read], { read: true })).toBe(false);
  });
});
