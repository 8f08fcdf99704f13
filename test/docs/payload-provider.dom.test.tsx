/**
 * The typed-payload guide's server-checked payloads: its proxy, in front of the reference
 * service, checks each page; its provider shows what passed and leaves out what did not.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInboxHandlers, DEFAULT_MOCK_BASE_URL } from 'inbox-kit/msw';
import { createReferenceService } from 'inbox-kit/testing';
import { Notifications } from './payload-provider';
import { inboxProxy } from './payload-proxy';

const service = createReferenceService();
// The app's route; the stand-in session is a header the route adds, as a cookie would carry it.
const route = http.all(new URL('/api/inbox/*', location.href).href, ({ request }) => {
  const headers = new Headers(request.headers);
  headers.set('x-test-user', 'sub_ada');
  return inboxProxy(new Request(request, { headers }));
});
const server = setupServer(route, ...createInboxHandlers(service));
beforeAll(() => {
  process.env.INBOX_UPSTREAM_URL = DEFAULT_MOCK_BASE_URL;
  process.env.INBOX_API_KEY = service.apiKey;
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
});

it('shows the notifications whose data passed the proxy’s check, and not the one that failed', async () => {
  const [newest, next] = service.feedOf('sub_ada');
  const stored = service.data.messages.find((message) => message._id === newest?._id);
  if (!stored || !next) throw new Error('no notifications');
  stored.data = { ...stored.data, category: 'marketing' };
  render(<Notifications userId="sub_ada" />);
  const feed = await screen.findByRole('feed');
  await waitFor(() => expect(within(feed).getAllByRole('article').length).toBeGreaterThan(5));
  // The first row is the second newest: the newest failed the check.
  const [first] = within(feed).getAllByRole('article');
  expect(first?.textContent).toContain(next.subject ?? next.content);
  expect(within(feed).queryByText(newest?.subject ?? '\u0000')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});
