/** The hooks guide's custom feed, built with the hooks alone, works against the reference service. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { InboxProvider } from 'inbox-kit';
import { MyInbox } from './examples/custom-feed';
import { setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
beforeEach(() => service.reset());

it('lists, filters, marks read and loads more', async () => {
  const user = userEvent.setup();
  // The README's App points at /api/inbox; here the same MyInbox sits under a provider with a test client.
  render(
    <InboxProvider client={testClient(service)} subscriberId={SUBSCRIBER} pollInterval={false} crossTab={false}>
      <MyInbox />
    </InboxProvider>,
  );
  const unread = service.feedOf(SUBSCRIBER, { read: false }).length;
  const items = () => within(screen.getByRole('region', { name: /^Notifications/ })).getAllByRole('listitem');
  await screen.findByRole('region', { name: `Notifications, ${unread} unread` });
  expect(items()).toHaveLength(20);

  await user.click(screen.getByRole('button', { name: 'Unread only' }));
  await waitFor(() => expect(items()).toHaveLength(Math.min(unread, 20)));
  expect(items().every((item) => item.dataset.state === 'unread')).toBe(true);
  const first = items()[0];
  if (!first) throw new Error('no item');
  await user.click(within(first).getByRole('button', { name: 'Mark as read' }));
  await screen.findByRole('region', { name: `Notifications, ${unread - 1} unread` });
  expect(service.feedOf(SUBSCRIBER, { read: false })).toHaveLength(unread - 1);

  await user.click(screen.getByRole('button', { name: 'Unread only' }));
  await user.click(await screen.findByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(items()).toHaveLength(40));
});
