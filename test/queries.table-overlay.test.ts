/**
 * The table of notifications and the overlay of pending changes, on their own: answers ordered by
 * the store's sequence (no clock), deletions that stay deleted, changes that no answer erases.
 */
import { describe, expect, it, vi } from 'vitest';
import { inboxNotification as n } from './helpers/inbox-notification';
import { createNotificationTable } from '../src/queries/notification-table';
import { createOverlay } from '../src/queries/overlay';


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
});

describe('the overlay', () => {
  it('lays pending changes over the table’s notification, in the order they were made', () => {
    const overlay = createOverlay();
    overlay.set(2, ['a'], { isRead: false });
    overlay.set(1, ['a', 'b'], { isRead: true, isSeen: true });
    expect(overlay.view(n('a'))).toMatchObject({ isRead: false, isSeen: true });
    expect(overlay.view(n('b'))).toMatchObject({ isRead: true });
    expect(overlay.view(n('c'))).toEqual(n('c'));
    expect([overlay.pending('a'), overlay.pending('c')]).toEqual([true, false]);
  });

  it('a server answer cannot erase a pending change; rolling back is dropping it', () => {
    const table = createNotificationTable();
    const overlay = createOverlay();
    table.merge([n('a')], table.next());
    overlay.set(1, ['a'], { isArchived: true, isRead: true });
    // A poll brings the service's older state.
    table.merge([n('a', { isArchived: false })], table.next());
    expect(overlay.view(table.get('a')!)).toMatchObject({ isArchived: true });
    overlay.drop(1);
    expect(overlay.view(table.get('a')!)).toMatchObject({ isArchived: false, isRead: false });
  });

  it('a pending deletion hides the notification until it settles or is undone', () => {
    const overlay = createOverlay();
    overlay.set(1, ['a'], { deleted: true });
    overlay.set(2, ['a'], { isRead: true });
    expect(overlay.view(n('a'))).toBeUndefined();
    overlay.drop(1);
    expect(overlay.view(n('a'))?.isRead).toBe(true);
  });
});
