/**
 * Moving between notifications with the keyboard: the arrows, which readers try first, and Page Down /
 * Page Up (the WAI-ARIA feed pattern), from the open popover and in an embedded inbox. The keys of a
 * row's open menu and of a field in a row of your own stay theirs.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Inbox, NotificationItem } from 'inbox-kit';
import { V2 } from './helpers/dialect';
import { inboxWrapper, setupMockService } from './helpers/inbox';

const service = setupMockService();
beforeEach(() => service.reset());

function renderInbox(ui: ReactNode) {
  const { Wrapper } = inboxWrapper(service);
  return render(ui, { wrapper: Wrapper });
}
/** The focus targets of the rows (each notification's link or button), in order. */
const mains = () => [...document.querySelectorAll<HTMLElement>('[data-inbox-slot="feed-row"] [data-inbox-slot="item-main"]')];
/** Which row holds focus: its place in the feed, 1-based (`aria-posinset`), or undefined. */
const focusedRow = () => document.activeElement?.closest('[data-inbox-slot="item"]')?.getAttribute('aria-posinset') ?? undefined;

describe('the keyboard between notifications', () => {
  it('in the open popover: Arrow Down goes to the first notification, then the arrows and Page Down / Page Up move between them', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox />);
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    expect(dialog).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('1'));
    expect(mains()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(focusedRow()).toBe('3'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(focusedRow()).toBe('1'));
    // Nothing before the first: focus stays on it.
    await user.keyboard('{ArrowUp}');
    expect(focusedRow()).toBe('1');

    // From the tabs too (Left and Right stay theirs).
    screen.getByRole('tab', { name: 'All' }).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('1'));
    // From one of a row's own buttons: the next row.
    within(mains()[1]!.closest('article')!).getByRole('button', { name: /Mark as (read|unread)/ }).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('3'));
    expect(mains()[2]).toHaveFocus();
  });

  it('embedded: the arrows move between notifications, with the shortcuts still heard', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    mains()[0]!.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('3'));
    const third = mains()[2]!.closest('article')!;
    const wasRead = third.dataset.state;
    await user.keyboard('u');
    await waitFor(() => expect(third.dataset.state).not.toBe(wasRead));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
  });

  it.runIf(V2)('in a row’s open menu, the arrows move between its items, not between notifications', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    const second = mains()[1]!.closest('article')!;
    // The row's actions come with the menus' chunk, loaded once the page is idle.
    const more = await within(second).findByRole('button', { name: 'More actions' });
    await user.click(more);
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[0]).toHaveFocus();
    expect(menu).toBeInTheDocument();
  });

  it('a field in a row of your own keeps its arrows', async () => {
    const user = userEvent.setup();
    renderInbox(
      <Inbox
        variant="embedded"
        renderItem={(notification) => (
          <div>
            <NotificationItem notification={notification} />
            <select aria-label={`Priority of ${notification.id}`} defaultValue="low">
              <option value="low">Low</option>
              <option value="high">High</option>
            </select>
          </div>
        )}
      />,
    );
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    const select = screen.getAllByRole('combobox')[0]!;
    select.focus();
    await user.keyboard('{ArrowDown}');
    expect(select).toHaveFocus();
    // From the notification itself, the arrows move.
    mains()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
  });
});
