/**
 * A row's actions come with the menus' chunk. It loads once the page is idle after first paint, with
 * no pointer or focus anywhere near the inbox, so that the first hover shows them however slow the
 * network. The chunk's import is counted, and held until a test lets it through, where it is resolved
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

it('the menus’ chunk is imported once the page is idle, with the popover closed and no pointer or focus', async () => {
  // A pointer with room, where a row shows its actions on hover.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  const { Wrapper } = inboxWrapper(service);
  render(<Inbox />, { wrapper: Wrapper });
  // Not in the first render's work: after it, when the page is idle.
  expect(imported.count).toBe(0);
  await screen.findByRole('button', { name: /^Notifications/ });
  await vi.waitFor(() => expect(imported.count).toBe(1), { timeout: 10_000 });
  expect(document.activeElement).toBe(document.body);
  expect(screen.queryByRole('dialog')).toBeNull();
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
