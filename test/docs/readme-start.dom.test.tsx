/** The README's two blocks, together, against the proxy in front of the reference service: a bell that names the unread count and opens the inbox. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { Header, Providers } from './readme-start';
import { serveProxyAt } from '../helpers/proxy-route';

const service = serveProxyAt('/api/inbox', 'sub_ada');
beforeEach(() => service.reset());

it('renders the bell with the unread count, and opens the inbox', async () => {
  const unread = service.feedOf('sub_ada', { read: false }).length;
  render(
    <Providers userId="sub_ada">
      <Header />
    </Providers>,
  );
  const bell = await screen.findByRole('button', { name: `Notifications, ${unread} unread` });
  await userEvent.click(bell);
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(await within(dialog).findAllByRole('article')).not.toHaveLength(0);
});
