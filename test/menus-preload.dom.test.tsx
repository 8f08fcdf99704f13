/**
 * A row's actions come with the menus' chunk. It loads as the popover opens, so that the first
 * hover or key finds them however slow the network (and with the feed, see InboxFeed), not on every
 * page with a bell. The chunk's import is counted, and held until a test lets it through, where it is resolved
 * (the test's seam: the module, wrapped).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { Inbox } from 'inbox-kit';
import { inboxWrapper, setupMockService } from './helpers/inbox';

const imported = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { count: 0, released, release: () => release() };
});
vi.mock('../src/components/menus/index', async (importOriginal) => {
  imported.count++;
  await imported.released;
  return importOriginal();
});

const service = setupMockService();
afterEach(() => vi.unstubAllGlobals());

it('the menus’ chunk is imported as the popover opens, not on a page with the bell alone (4.5 kB more on every page)', async () => {
  // A pointer with room, where a row shows its actions on hover.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  const user = userEvent.setup();
  const { Wrapper } = inboxWrapper(service);
  render(<Inbox />, { wrapper: Wrapper });
  const bell = await screen.findByRole('button', { name: /^Notifications/ });
  // The page idle with the bell alone: nothing loads (a fixed wait: it shows that nothing happens).
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(imported.count).toBe(0);
  await user.click(bell);
  await vi.waitFor(() => expect(imported.count).toBe(1), { timeout: 10_000 });
});

it('a key pressed while the chunk is still loading is left to the browser, not handled once it is here', async () => {
  const user = userEvent.setup();
  const { Wrapper } = inboxWrapper(service);
  render(<Inbox variant="embedded" />, { wrapper: Wrapper });
  const mains = () => [...document.querySelectorAll<HTMLElement>('[data-inbox-slot="feed-row"] [data-inbox-slot="item-main"]')];
  await waitFor(() => expect(mains().length).toBeGreaterThan(2));
  await vi.waitFor(() => expect(imported.count).toBe(1), { timeout: 10_000 });
  const pressed: KeyboardEvent[] = [];
  const record = (event: KeyboardEvent) => void pressed.push(event);
  window.addEventListener('keydown', record);
  mains()[0]!.focus();
  await user.keyboard('{PageDown}{ArrowDown}');
  window.removeEventListener('keydown', record);
  expect(document.activeElement).toBe(mains()[0]);
  imported.release();
  // The chunk is here: the rows draw their actions.
  await waitFor(() => expect(document.querySelector('[data-inbox-slot="tool"]')).not.toBeNull());
  // Neither key was handled late: focus did not jump, and the browser's scroll was never prevented.
  expect(document.activeElement).toBe(mains()[0]);
  expect(pressed.map((event) => [event.key, event.defaultPrevented])).toEqual([
    ['PageDown', false],
    ['ArrowDown', false],
  ]);
  // From now on the keys move.
  await user.keyboard('{ArrowDown}');
  await waitFor(() => expect(document.activeElement).toBe(mains()[1]));
});
