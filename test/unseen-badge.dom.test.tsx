/** The "new since you last looked" badge: unseen counted, cleared by opening, read state untouched. */
import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { Inbox } from 'inbox-kit';
import { SEEN_PATH } from './helpers/dialect';
import { inboxWrapper, settle, setupMockService, SUBSCRIBER } from './helpers/inbox';

const service = setupMockService({ messages: 12 });
beforeEach(() => service.reset());

it('counts unseen notifications, and opening the inbox marks what it shows seen in one request', async () => {
  const user = userEvent.setup();
  const { Wrapper, queryClient } = inboxWrapper(service);
  render(<Inbox badge="unseen" />, { wrapper: Wrapper });
  const unseen = service.feedOf(SUBSCRIBER, { seen: false }).length;
  const readBefore = service.feedOf(SUBSCRIBER).map((item) => item.read);
  expect(unseen).toBeGreaterThan(0);
  const bell = await screen.findByRole('button', { name: `Notifications, ${unseen} new` });
  service.requests.length = 0;
  await user.click(bell);
  await waitFor(() => expect(screen.getAllByRole('article').length).toBe(12));
  await settle(queryClient);
  const marks = service.requests.filter((r) => SEEN_PATH.test(r.path));
  expect(marks).toHaveLength(1);
  expect(service.feedOf(SUBSCRIBER, { seen: false })).toHaveLength(0);
  // Read and unread stay as they were.
  expect(service.feedOf(SUBSCRIBER).map((item) => item.read)).toEqual(readBefore);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
});
