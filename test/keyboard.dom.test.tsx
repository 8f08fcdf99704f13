/**
 * Moving between notifications with the keyboard: the arrows, which readers try first, and Page Down /
 * Page Up (the WAI-ARIA feed pattern), from the open popover and in an embedded inbox. The keys of a
 * row's open menu and of a field in a row of your own stay theirs.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
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
/**
 * The keys are heard once the menus' chunk is here, which the rows' actions show. Waited for before
 * a key that must change nothing, so that "nothing changed" is read after the key was handled.
 */
const menusLoaded = () => waitFor(() => expect(document.querySelector('[data-inbox-slot="tool"]')).not.toBeNull());

describe('the keyboard between notifications', () => {
  it('in the open popover: Arrow Down goes to the first notification, then the arrows and Page Down / Page Up move between them', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox />);
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    await menusLoaded();
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
    await menusLoaded();
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
    await menusLoaded();
    const select = screen.getAllByRole('combobox')[0]!;
    select.focus();
    await user.keyboard('{ArrowDown}');
    expect(select).toHaveFocus();
    // From the notification itself, the arrows move.
    mains()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
  });

  it('Shift with an arrow or Page Down / Page Up (selecting text) moves nothing', async () => {
    const user = userEvent.setup();
    renderInbox(<Inbox variant="embedded" />);
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    await menusLoaded();
    mains()[0]!.focus();
    await user.keyboard('{Shift>}{ArrowDown}{PageDown}{/Shift}');
    expect(focusedRow()).toBe('1');
    mains()[2]!.focus();
    await user.keyboard('{Shift>}{ArrowUp}{PageUp}{/Shift}');
    expect(focusedRow()).toBe('3');
    // Without Shift they move.
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
  });

  it('the keys of a dialog your row portals elsewhere (React bubbles them through the portal) stay its own', async () => {
    const user = userEvent.setup();
    renderInbox(
      <Inbox
        variant="embedded"
        renderItem={(notification, index) => (
          <div>
            <NotificationItem notification={notification} />
            {index === 0 &&
              createPortal(
                <div role="dialog" aria-label="Note">
                  <input aria-label="Your note" />
                  <button type="button">Save note</button>
                </div>,
                document.body,
              )}
          </div>
        )}
      />,
    );
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    await menusLoaded();
    // A change with its Undo toast: `z` would undo it.
    mains()[1]!.focus();
    await user.keyboard('e');
    const undo = await screen.findByRole('button', { name: 'Undo' });

    const dialog = screen.getByRole('dialog', { name: 'Note' });
    const save = within(dialog).getByRole('button', { name: 'Save note' });
    save.focus();
    await user.keyboard('{ArrowDown}{PageDown}{ArrowUp}{PageUp}z');
    expect(save).toHaveFocus();
    expect(undo).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Your note' });
    field.focus();
    await user.keyboard('{ArrowDown}z');
    expect(field).toHaveFocus();
    expect(undo).toBeInTheDocument();
  });

  it('the app’s own onKeyDown on <Inbox> hears the keys, and a key it prevented moves nothing', async () => {
    const user = userEvent.setup();
    const heard: string[] = [];
    renderInbox(
      <Inbox
        variant="embedded"
        onKeyDown={(event) => {
          heard.push(event.key);
          if (event.key === 'PageDown') event.preventDefault();
        }}
      />,
    );
    await waitFor(() => expect(mains().length).toBeGreaterThan(5));
    await menusLoaded();
    mains()[0]!.focus();
    await user.keyboard('{PageDown}');
    expect(focusedRow()).toBe('1');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('2'));
    expect(heard).toEqual(['PageDown', 'ArrowDown']);
  });
});
