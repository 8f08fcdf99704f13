/**
 * The table of notifications and the overlay of pending changes, on their own: answers ordered by
 * the store's sequence (no clock), deletions that stay deleted, changes that no answer erases.
 */
import { describe, expect, it, vi } from 'vitest';
import { inboxNotification as n } from './helpers/inbox-notification';
import { createNotificationTable } from '../src/queries/notification-table';
import { combined, overlaid } from '../src/queries/overlay';


describe('the table', () => {
  it('holds each notification once, whichever answer brought it', () => {
    const table = createNotificationTable();
    table.merge([n('a'), n('b')], table.next());
    table.merge([n('b', { isRead: true })], table.next());
    expect(table.get('b')?.isRead).toBe(true);
    expect(table.get('a')?.body).toBe('a');
    expect(table.get('c')).toBeUndefined();
  });

  it('an answer to a read sent before a change never writes over the change’s answer, whenever it arrives', () => {
    const table = createNotificationTable();
    const read = table.next();
    const change = table.next();
    table.merge([n('a', { isRead: true })], change);
    expect(table.merge([n('a', { isRead: false })], read)).toEqual([]);
    expect(table.get('a')?.isRead).toBe(true);
    // A read sent after it does.
    table.merge([n('a', { isRead: false })], table.next());
    expect(table.get('a')?.isRead).toBe(false);
  });

  it('no clock decides: the order holds with the clock set back and forward by an hour', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T12:00:00.000Z') });
    try {
      const table = createNotificationTable();
      const first = table.next();
      vi.setSystemTime(Date.now() - 3_600_000);
      const second = table.next();
      vi.setSystemTime(Date.now() + 7_200_000);
      table.merge([n('a', { isSeen: true })], second);
      table.merge([n('a', { isSeen: false })], first);
      expect(table.get('a')?.isSeen).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a deleted notification stays deleted against reads sent before the deletion', () => {
    const table = createNotificationTable();
    const read = table.next();
    table.merge([n('a')], table.next());
    table.remove(['a'], table.next());
    table.merge([n('a')], read);
    expect(table.get('a')).toBeUndefined();
  });

  it('tells its listeners which ids each write changed, and nothing for a write that changes nothing', () => {
    const table = createNotificationTable();
    const heard: string[][] = [];
    const stop = table.subscribe((ids) => heard.push(ids));
    const same = n('a');
    table.merge([same, n('b')], table.next());
    table.merge([same], table.next());
    table.remove(['b'], table.next());
    stop();
    table.merge([n('c')], table.next());
    expect(heard).toEqual([['a', 'b'], ['b']]);
  });

  it('forgets what a read no longer found, in one write, until an answer newer than the one that wrote it', () => {
    const table = createNotificationTable();
    const first = table.next();
    table.merge([n('a'), n('b'), n('c')], first);
    const read = table.next();
    // c's change, answered after the read was sent: the read knows less of c than the table.
    table.merge([n('c', { isRead: true })], table.next());
    const heard: string[][] = [];
    table.subscribe((ids) => heard.push(ids));
    table.forget(['a', 'b', 'c', 'd'], read);
    table.forget(['a'], read);
    expect(heard).toEqual([['a', 'b']]);
    expect(table.all().map((row) => row.id)).toEqual(['c']);
    // An answer older than the one that wrote b does not bring it back; one as new as the read does.
    table.merge([n('b')], first - 1);
    expect(table.get('b')).toBeUndefined();
    table.merge([n('a')], read);
    expect(table.get('a')).toBeDefined();
  });
});

describe('the overlay', () => {
  it('lays the pending change over the table’s notification; a later change adds to an earlier one', () => {
    const change = combined({ isRead: true, isSeen: true }, { isRead: false });
    expect(overlaid(n('a'), change)).toMatchObject({ isRead: false, isSeen: true });
    expect(overlaid(n('c'), undefined)).toEqual(n('c'));
    expect(overlaid(undefined, change)).toBeUndefined();
  });

  it('a server answer cannot erase a pending change; rolling back is dropping it', () => {
    const table = createNotificationTable();
    const pending = new Map([['a', { isArchived: true, isRead: true }]]);
    table.merge([n('a')], table.next());
    // A poll brings the service's older state.
    table.merge([n('a', { isArchived: false })], table.next());
    expect(overlaid(table.get('a'), pending.get('a'))).toMatchObject({ isArchived: true });
    pending.delete('a');
    expect(overlaid(table.get('a'), pending.get('a'))).toMatchObject({ isArchived: false, isRead: false });
  });

  it('a deletion hides the notification, and a change after it does not bring it back; one after undoing it does', () => {
    expect(overlaid(n('a'), combined({ deleted: true }, { isRead: true }))).toBeUndefined();
    expect(overlaid(n('a'), combined(undefined, { isRead: true }))?.isRead).toBe(true);
  });
});
