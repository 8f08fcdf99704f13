/** The typed-payload guide's example (readme-payload.tsx) works against the reference service (v2, its `data`), through the app's proxy route. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { App, billingNotificationSchema } from './readme-payload';
import { recordNavigation } from '../helpers/navigation';
import { serveProxyAt } from '../helpers/proxy-route';

const service = serveProxyAt('/api/inbox', 'sub_ada');
beforeEach(() => service.reset());

/** The v2 notifications of a subscriber as the service lists them (the shape the inbox reads). */
async function listed(limit = 100): Promise<{ id: string; data?: Record<string, unknown>; redirect?: { url: string } }[]> {
  const response = await service.handle(new Request(`http://reference.test/v2/subscribers/sub_ada/notifications?limit=${limit}`, { headers: { Authorization: `ApiKey ${service.apiKey}` } }));
  return ((await response.json()) as { data: { id: string }[] }).data;
}

it('validates data: a notification whose data does not match is left out, the rest typed and filterable', async () => {
  const user = userEvent.setup();
  const billing = (await listed()).filter((item) => item.data?.category === 'billing');
  expect(billing.length).toBeGreaterThan(1);
  // One notification with a category the schema does not know: it must not reach the UI.
  // An invoice, whose number then must not show.
  const stray = service.data.messages.find((message) => billing.some((item) => item.id === message._id) && message.data?.invoice);
  if (!stray?.data) throw new Error('no billing message with an invoice');
  stray.data = { ...stray.data, category: 'marketing' };

  const onOpen = vi.fn();
  render(<App userId="sub_ada" onOpen={onOpen} />);
  const feedRegion = await screen.findByRole('feed');
  await waitFor(() => expect(within(feedRegion).getAllByRole('article').length).toBeGreaterThan(0));

  await user.click(screen.getByRole('tab', { name: 'Billing' }));
  await waitFor(() => expect(within(screen.getByRole('feed')).getAllByRole('article')).toHaveLength(billing.length - 1));
  expect(screen.queryByText(new RegExp(String(stray.data.invoice)))).toBeNull();

  const first = within(screen.getByRole('feed')).getAllByRole('article')[0];
  if (!first) throw new Error('no item');
  // The example passes no onNavigate: the notification's link is followed as any link is.
  const navigations = recordNavigation();
  const shown = billing.find((item) => item.id !== stray._id);
  await user.click(within(first).getAllByRole('link')[0] ?? first);
  expect(onOpen).toHaveBeenCalledWith('billing');
  expect(navigations).toEqual([new URL(shown?.redirect?.url ?? 'no link', location.href).href]);
});

it('composes: the extended record checks a billing notification and refuses another', async () => {
  const all = await listed();
  const invoice = all.find((item) => item.data?.category === 'billing' && item.data.invoice);
  const deploy = all.find((item) => item.data?.category === 'deploys');
  const parsed = billingNotificationSchema.parse(invoice);
  expect(parsed.data.invoice).toMatch(/^INV-\d+$/);
  const refused = billingNotificationSchema.safeParse(deploy);
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['data.category', 'data.invoice']));
});
