/** The notification store's changes, on their own: what the service applied is kept, whatever else failed. */
import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { InboxApiError, type InboxClient } from 'inbox-kit/client';
import { inboxNotification as n } from './helpers/inbox-notification';
import { createNotificationStore } from '../src/queries/notification-store';

it('a change of several notifications keeps the answers the service gave when another is refused, and is undone only where it was refused', async () => {
  const store = createNotificationStore({ client: { baseUrl: 'https://service.test' } as InboxClient, subscriberId: 'sub', queryClient: new QueryClient() });
  store.table.merge([n('a'), n('b')], store.table.next());
  const refusal = new InboxApiError({ operation: 'notifications.markAsRead', method: 'PATCH', url: 'https://service.test/v2', status: 400, statusText: 'Bad Request', body: {}, headers: new Headers(), retryAfterMs: undefined, mayHaveApplied: false });
  const change = store.change(['a', 'b'], { isRead: true }, async (id) => {
    if (id === 'b') throw refusal;
    return n('a', { isRead: true, isSeen: true });
  });
  // Shown at once, both.
  expect(store.snapshot().views.map((x) => [x.id, x.isRead]).sort()).toEqual([['a', true], ['b', true]]);
  await expect(change).rejects.toBe(refusal);
  expect(store.table.get('a')).toMatchObject({ isRead: true, isSeen: true });
  expect(store.snapshot().views.map((x) => [x.id, x.isRead]).sort()).toEqual([['a', true], ['b', false]]);
});
