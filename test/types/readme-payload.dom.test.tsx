/** The README's typed-payload example is the code in readme-payload.tsx, and it works against the reference service. */
import { readFileSync } from 'node:fs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createInboxProxy } from 'inbox-kit/server';
import { createReferenceService } from 'inbox-kit/testing';
import { App, billingNotificationSchema } from './readme-payload';
import { recordNavigation } from '../helpers/navigation';

const service = createReferenceService({ now: Date.parse('2026-11-20T12:00:00.000Z') });
// The app's /api/inbox route: the proxy, signed in as sub_ada, in front of the reference service.
const proxy = createInboxProxy({
  upstream: 'http://reference.test',
  apiKey: service.apiKey,
  basePath: '/api/inbox',
  authenticate: () => 'sub_ada',
  fetch: async (input, init) => service.handle(new Request(input, init)),
});
const server = setupServer(http.all(new URL('/api/inbox/*', location.href).href, ({ request }) => proxy(request)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => service.reset());

it('is the code the README shows', () => {
  const example = readFileSync('test/types/readme-payload.tsx', 'utf8').split('\n').slice(1).join('\n');
  expect(readFileSync('README.md', 'utf8')).toContain(example);
});

it('validates payloads: a notification whose payload does not match is left out, the rest typed and filterable', async () => {
  const user = userEvent.setup();
  const feed = service.feedOf('sub_ada');
  const billing = feed.filter((item) => item.payload?.category === 'billing');
  expect(billing.length).toBeGreaterThan(1);
  // One notification with a category the schema does not know: it must not reach the UI.
  const stray = service.data.messages.find((message) => message._id === billing[0]?._id);
  if (!stray) throw new Error('no billing message');
  stray.payload = { ...stray.payload, category: 'marketing' };

  const onOpen = vi.fn();
  render(<App userId="sub_ada" onOpen={onOpen} />);
  const feedRegion = await screen.findByRole('feed');
  await waitFor(() => expect(within(feedRegion).getAllByRole('article').length).toBeGreaterThan(0));

  await user.click(screen.getByRole('tab', { name: 'Billing' }));
  await waitFor(() => expect(within(screen.getByRole('feed')).getAllByRole('article')).toHaveLength(billing.length - 1));
  expect(screen.queryByText(new RegExp(String(stray.payload.invoice)))).toBeNull();

  const first = within(screen.getByRole('feed')).getAllByRole('article')[0];
  if (!first) throw new Error('no item');
  // The example passes no onNavigate: the notification's link is followed as any link is.
  const navigations = recordNavigation();
  const shown = billing.find((item) => item._id !== stray._id);
  await user.click(within(first).getAllByRole('link')[0] ?? first);
  expect(onOpen).toHaveBeenCalledWith('billing');
  expect(navigations).toEqual([new URL(shown?.cta.data?.url ?? 'no link', location.href).href]);
});

it('composes: the extended record checks a billing notification and refuses another', () => {
  const [invoice] = service.feedOf('sub_ada').filter((item) => item.payload?.category === 'billing');
  const [deploy] = service.feedOf('sub_ada').filter((item) => item.payload?.category === 'deploys');
  const parsed = billingNotificationSchema.parse(invoice);
  expect(parsed.payload.invoice).toMatch(/^INV-\d+$/);
  const refused = billingNotificationSchema.safeParse(deploy);
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['payload.category', 'payload.invoice']));
});
