/**
 * A row's actions come with the menus' chunk. It loads once the page is idle after first paint, with
 * no pointer or focus anywhere near the inbox, so that the first hover shows them however slow the
 * network. The chunk's import is counted where it is resolved (the test's seam: the module, wrapped).
 */
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Inbox } from 'inbox-kit';
import { inboxWrapper, setupMockService } from './helpers/inbox';

const imported = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/components/menus/index', async (importOriginal) => {
  imported.count++;
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
