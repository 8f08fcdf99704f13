/**
 * examples/vite as a user runs it after `npm run build && npm start` (scripts/examples/run.sh
 * installs the packed tarball and builds it first), driven in Chromium: the bell names the
 * reference service's unread count, marking one read drops it, a reload agrees, and no response
 * the browser receives holds the API key.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/chromium';
import { countUnread } from '../helpers/count-unread';
import { startProcess } from '../helpers/process';
import { exampleDir } from './example-dir';
import { avatarsShown, bellOf, UI, unreadInName } from './example-page';

const API_KEY = 'sk_test_inbox_kit';

/** `node server.js` in the built example, on a free port. */
async function startExample() {
  const running = await startProcess(process.execPath, ['server.js'], {
    cwd: exampleDir('vite'),
    env: { PORT: '0', INBOX_UPSTREAM_URL: '', INBOX_API_KEY: '' },
    ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    name: 'examples/vite/server.js',
  });
  return { url: running.match[1] ?? '', output: running.output, stop: running.stop };
}

// Runs only when scripts/examples/run.sh has installed and built the example.
describe.skipIf(process.env.INBOX_EXAMPLES !== '1')('examples/vite (npm run build && npm start)', () => {
  let example: Awaited<ReturnType<typeof startExample>> | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const bodies: { url: string; text: string }[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    [example, browser] = await Promise.all([startExample(), launchChromium()]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('response', (response) => {
      void response.text().then((text) => bodies.push({ url: response.url(), text }), () => undefined);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await example?.stop();
  });

  /** sub_ada's unread notifications, counted through the example's own /api/inbox route. */
  const unreadThroughApi = () => countUnread(`${example?.url ?? ''}/api/inbox`, 'sub_ada');
  const bell = () => bellOf(page);
  const inName = () => unreadInName(page);

  it('prints its URL and serves the app under a strict CSP', async () => {
    expect(example!.output()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
    const response = await page.goto(`${example!.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    await page.getByRole('switch').first().waitFor();
  });

  it('shows the unread count on the bell; marking one read drops it, and a reload agrees', async () => {
    const unread = await unreadThroughApi();
    expect(unread).toBeGreaterThan(1);
    await page.goto(`${example!.url}/`);
    await expect.poll(inName, UI).toBe(unread);

    await bell().click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    // Styled through the app's own build (Vite's CSS minifier lowers light-dark(); the kit's colours must survive it).
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await dialog.locator('[data-inbox-slot="unread-dot"]').first().evaluate((element) => getComputedStyle(element).borderTopColor)).not.toBe('rgba(0, 0, 0, 0)');
    const firstUnread = dialog.locator('[data-inbox-slot="item"][data-state="unread"]').first();
    await firstUnread.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(inName, UI).toBe(unread - 1);
    await expect.poll(unreadThroughApi).toBe(unread - 1);

    await page.reload();
    await expect.poll(inName, UI).toBe(unread - 1);
  });

  it('serves the reference service’s avatars through the app’s own route', async () => {
    await bellOf(page).click();
    await page.getByRole('dialog', { name: 'Notifications' }).locator('[data-inbox-slot="item"]').first().waitFor();
    await expect.poll(() => avatarsShown(page), UI).toContainEqual(expect.stringMatching(/^\/api\/inbox\/service\/avatars\/[\w-]+\.svg$/));
    await page.keyboard.press('Escape');
  });

  it('never sends the API key to the browser, and the page logs no errors', async () => {
    await page.waitForLoadState('networkidle');
    expect(bodies.some((body) => body.url.includes('/api/inbox/v2/'))).toBe(true);
    expect(bodies.some((body) => /\/assets\/.+\.js$/.test(body.url))).toBe(true);
    for (const body of bodies) expect(body.text, body.url).not.toContain(API_KEY);
    expect(problems).toEqual([]);
  });
});
