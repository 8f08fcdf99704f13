/** The typed-payload guide's example (readme-payload.tsx) works against the reference service, through the app's proxy route. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { App, billingNotificationSchema } from './readme-payload';
import { recordNavigation } from '../helpers/navigation';
import { serveProxyAt } from '../helpers/proxy-route';

const service = serveProxyAt('/api/inbox', 'sub_ada');
beforeEach(() => service.reset());

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
