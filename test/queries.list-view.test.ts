/** What a filtered list shows, from the table and the overlay, and the next v2 page's cursor. */
import { describe, expect, it } from 'vitest';
import type { InboxNotification } from 'inbox-kit/client';
import { inboxNotification } from './helpers/inbox-notification';
import { listView, newerFirst, nextCursor } from '../src/queries/list-view';
import { overlaid, type Change } from '../src/queries/overlay';

/** The table as the reader sees it with these pending changes. */
const withPending = (rows: InboxNotification[], pending: Record<string, Change>) => rows.map((row) => overlaid(row, pending[row.id]));

const n = (id: string, minute: number, overrides: Partial<InboxNotification> = {}) => inboxNotification(id, { createdAt: `2026-11-20T12:${String(minute).padStart(2, '0')}:00.000Z`, ...overrides });

describe('listView', () => {
  // Newest first: e (12:50) ... a (12:10).
  const table = [n('a', 10), n('b', 20, { isRead: true }), n('c', 30), n('d', 40, { isRead: true }), n('e', 50)];

  it('shows what matches, newest first, down to the oldest its pages reached', () => {
    expect(listView(table, { read: false }, table[2]).map((x) => x.id)).toEqual(['e', 'c']);
    expect(listView(table, { read: false }, undefined).map((x) => x.id)).toEqual(['e', 'c', 'a']);
    expect(listView(table, {}, table[3]).map((x) => x.id)).toEqual(['e', 'd']);
  });

  it('a notification marked read leaves the Unread list because it no longer matches; marked unread, it appears in place', () => {
    const unread = listView(withPending(table, { e: { isRead: true }, d: { isRead: false } }), { read: false }, table[2]);
    expect(unread.map((x) => x.id)).toEqual(['d', 'c']);
  });

  it('archived, snoozed and deleted ones leave the inbox and join their own lists', () => {
    const views = withPending(table, { e: { isArchived: true, isRead: true }, c: { isSnoozed: true, snoozedUntil: '2026-11-21T09:00:00.000Z' }, a: { deleted: true } });
    expect(listView(views, { archived: false, snoozed: false }, undefined).map((x) => x.id)).toEqual(['d', 'b']);
    expect(listView(views, { archived: true }, undefined).map((x) => x.id)).toEqual(['e']);
    expect(listView(views, { snoozed: true }, undefined).map((x) => x.id)).toEqual(['c']);
  });

  it('orders as the service does: newer first, then the larger id', () => {
    const same = [n('aa', 5), n('ab', 5), n('b', 6)];
    expect([...same].sort(newerFirst).map((x) => x.id)).toEqual(['b', 'ab', 'aa']);
  });
});

describe('nextCursor', () => {
  it('is the oldest notification of the pages the service still has, and none when all are gone', () => {
    const gone = new Set(['d', 'e']);
    expect(nextCursor(['a', 'b', 'c'], (id) => gone.has(id))).toBe('c');
    expect(nextCursor(['a', 'b', 'c', 'd', 'e'], (id) => gone.has(id))).toBe('c');
    expect(nextCursor(['d', 'e'], (id) => gone.has(id))).toBeUndefined();
  });
});
