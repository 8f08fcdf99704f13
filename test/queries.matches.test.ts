/** Filter matching, the rule every filtered list of the table follows: the service's own (v2 list and counts). */
import { describe, expect, it } from 'vitest';
import type { InboxNotification } from 'inbox-kit/client';
import { inboxNotification } from './helpers/inbox-notification';
import { matches } from '../src/queries/matches';

const notification = (overrides: Partial<InboxNotification> = {}) => inboxNotification('n1', overrides);

describe('matches', () => {
  it('no filter selects everything, archived and snoozed included, as the service lists them', () => {
    for (const n of [notification(), notification({ isArchived: true, isRead: true }), notification({ isSnoozed: true })]) expect(matches(n, {})).toBe(true);
  });

  it('each flag given must hold', () => {
    const read = notification({ isRead: true, isSeen: true });
    expect(matches(read, { read: false })).toBe(false);
    expect(matches(read, { read: true, seen: true })).toBe(true);
    expect(matches(read, { read: true, seen: false })).toBe(false);
    expect(matches(notification({ isArchived: true }), { archived: false })).toBe(false);
    expect(matches(notification({ isSnoozed: true }), { snoozed: false })).toBe(false);
    expect(matches(notification({ isSnoozed: true }), { snoozed: true, archived: false })).toBe(true);
  });

  it('severity: any of those given; tags: any of those given; data: a partial deep match', () => {
    const billing = notification({ severity: 'high', tags: ['billing', 'invoices'], data: { invoice: 'INV-1', amount: { currency: 'EUR' } } });
    expect(matches(billing, { severity: ['high', 'medium'] })).toBe(true);
    expect(matches(billing, { severity: ['low'] })).toBe(false);
    expect(matches(billing, { tags: ['security', 'billing'] })).toBe(true);
    expect(matches(billing, { tags: ['security'] })).toBe(false);
    expect(matches(notification(), { tags: ['security'] })).toBe(false);
    expect(matches(billing, { data: { amount: { currency: 'EUR' } } })).toBe(true);
    expect(matches(billing, { data: { invoice: 'INV-2' } })).toBe(false);
    expect(matches(notification(), { data: { invoice: 'INV-1' } })).toBe(false);
  });
});
