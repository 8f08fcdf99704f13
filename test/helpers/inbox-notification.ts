/** A v2 notification (`InboxNotificationDto`) as the service sends one, with the fields a test cares about given. */
import type { InboxNotification } from 'inbox-kit/client';

export function inboxNotification(id: string, overrides: Partial<InboxNotification> = {}): InboxNotification {
  return {
    id,
    transactionId: 'tx',
    body: id,
    to: { id: 's', subscriberId: 'sub_ada' },
    isRead: false,
    isSeen: false,
    isArchived: false,
    isSnoozed: false,
    createdAt: '2026-11-20T12:00:00.000Z',
    channelType: 'in_app',
    severity: 'none',
    ...overrides,
  } as InboxNotification;
}
