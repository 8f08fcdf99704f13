/** The theming guide's examples take effect: the brand colours on the kit's root, the classes on their parts, German labels and times. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, expect, it } from 'vitest';
import { InboxProvider } from 'inbox-kit';
import { BrandedInbox, GermanInbox } from './theming';
import { serveProxyAt } from '../helpers/proxy-route';

const service = serveProxyAt('/api/inbox', 'sub_ada');
beforeEach(() => service.reset());
const inProvider = (ui: ReactNode) => (
  <InboxProvider baseUrl="/api/inbox" subscriberId="sub_ada" pollInterval={false} crossTab={false}>
    {ui}
  </InboxProvider>
);

it('the theme sets the tokens, and classNames reach the popover and its items', async () => {
  render(inProvider(<BrandedInbox />));
  await userEvent.click(await screen.findByRole('button', { name: /^Notifications, \d+ unread$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
  const root = dialog.closest<HTMLElement>('[data-inbox-root]');
  expect(root?.style.getPropertyValue('--inbox-primary')).toBe('#0f766e');
  expect(root?.style.getPropertyValue('--inbox-radius')).toBe('6px');
  expect(dialog.closest('.shadow-2xl') ?? dialog.querySelector('.shadow-2xl')).not.toBeNull();
  const [first] = await within(dialog).findAllByRole('article');
  expect(first?.classList.contains('my-item')).toBe(true);
});

it('labels and locale: the bell and the inbox speak German', async () => {
  const unread = service.feedOf('sub_ada', { read: false }).length;
  render(inProvider(<GermanInbox />));
  await userEvent.click(await screen.findByRole('button', { name: `Benachrichtigungen, ${unread} ungelesen` }));
  const dialog = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
  expect(within(dialog).getByRole('button', { name: 'Alle als gelesen markieren' })).toBeTruthy();
  await within(dialog).findAllByRole('article');
  expect(within(dialog).getAllByText(/^vor \d+ (Minute|Minuten|Stunde|Stunden|Tag|Tagen)$/).length).toBeGreaterThan(0);
});
