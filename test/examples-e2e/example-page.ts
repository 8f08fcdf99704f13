/** What the examples' browser tests share: a free port, the bell's count, and the popover's mark-read round trip. */
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long the page may take to show what the service says (a 2-core CI machine builds and tests at once). */
export const UI = { timeout: 10_000 };

export function freePort(): Promise<number> {
  return new Promise((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => found(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications/ }).first();

/** The count the bell's accessible name says ("Notifications, 3 unread"). */
export async function unreadInName(page: Page): Promise<number> {
  return Number(/^Notifications, (\d+) unread$/.exec((await bellOf(page).getAttribute('aria-label')) ?? '')?.[1] ?? Number.NaN);
}

/**
 * Opens the popover from the bell, checks the kit's colours survived the host's CSS pipeline,
 * marks the first unread notification read, and waits for the bell to drop to `before - 1`.
 * Returns the dialog for further checks.
 */
export async function markOneReadFromPopover(page: Page, before: number) {
  await bellOf(page).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await dialog.waitFor();
  expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  await dialog.locator('[data-inbox-slot="item"][data-state="unread"]').first().getByRole('button', { name: 'Mark as read' }).click();
  await expect.poll(() => unreadInName(page), UI).toBe(before - 1);
  await page.keyboard.press('Escape');
  return dialog;
}

/** The paths of the avatars the page has drawn (loaded, not broken). */
export function avatarsShown(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-inbox-slot="avatar"] img')].filter((img) => img.complete && img.naturalWidth > 0).map((img) => new URL(img.src).pathname),
  );
}
