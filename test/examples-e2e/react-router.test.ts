/**
 * examples/react-router (framework mode, server rendering), built from the packed tarball
 * (scripts/examples/run.sh) and served by `react-router-serve` as `npm start` does: the first HTML
 * already has the badge count, the page hydrates without a warning, the popover opens, marking one
 * read drops the count, a reload agrees, the header's links navigate in the browser, and no
 * response holds the API key.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../e2e/chromium';
import { countUnread } from '../helpers/count-unread';
import { startProcess, type RunningProcess } from '../helpers/process';
import { exampleDir } from './example-dir';
import { avatarsShown, bellOf, freePort, markOneReadFromPopover, UI, unreadInName } from './example-page';

const dir = exampleDir('react-router');
let server: RunningProcess | undefined;
let browser: Browser;
let page: Page;
let url = '';
const problems: string[] = [];
const bodies: { url: string; text: string }[] = [];

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startProcess(resolve(dir, 'node_modules/.bin/react-router-serve'), ['./build/server/index.js'], {
    cwd: dir,
    // As `npm start` runs it: production, and the built-in reference service (no upstream set).
    env: { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', INBOX_UPSTREAM_URL: '', INBOX_API_KEY: '' },
    ready: /\[react-router-serve\] http:\/\/localhost:\d+/,
    name: 'react-router-serve',
  });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => void response.text().then((text) => bodies.push({ url: response.url(), text }), () => undefined));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** sub_ada's unread notifications, counted through the example's own /api/inbox route. */
const unreadOnService = () => countUnread(`${url}/api/inbox`, 'sub_ada');

it('server-renders the bell with its count and the first page into the HTML', async () => {
  const html = await (await fetch(`${url}/`)).text();
  const unread = await unreadOnService();
  expect(unread).toBeGreaterThan(0);
  expect(html).toContain(`aria-label="Notifications, ${unread} unread"`);
  const inbox = await (await fetch(`${url}/inbox`)).text();
  expect(inbox).toContain('data-inbox-slot="item"');
});

it('hydrates without a warning; the popover opens; marking one read drops the count; a reload agrees', async () => {
  const before = await unreadOnService();
  await page.goto(`${url}/`);
  expect(await unreadInName(page)).toBe(before);
  // The reference service's avatars come through the app's /reference/* resource route.
  await bellOf(page).click();
  await expect.poll(() => avatarsShown(page), UI).toContainEqual(expect.stringMatching(/^\/reference\/avatars\/[\w-]+\.svg$/));
  await page.keyboard.press('Escape');
  await markOneReadFromPopover(page, before);
  await page.reload();
  await expect.poll(() => unreadInName(page), UI).toBe(before - 1);
  expect(await unreadOnService()).toBe(before - 1);
  // No hydration mismatch (in production React reports it as a minified error #418/#425), nothing else either.
  expect(problems).toEqual([]);
});

it('the header’s links navigate in the browser, without running the root loader again; the preferences page renders the panel', async () => {
  await page.goto(`${url}/`);
  await page.waitForLoadState('networkidle');
  const count = await unreadInName(page);
  // A marker that a full page load would lose, and the loaders' data requests (`*.data`) made on the way.
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  const loaderRequests: string[] = [];
  page.on('request', (request) => void (/\.data(\?|$)/.test(request.url()) && loaderRequests.push(request.url())));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Inbox' }).click();
  await page.getByRole('heading', { name: 'Inbox' }).waitFor();
  await nav.getByRole('link', { name: 'Preferences' }).click();
  await page.getByRole('switch').first().waitFor();
  expect(await page.evaluate(() => 'stayedOnPage' in window)).toBe(true);
  expect(await nav.getByRole('link', { name: 'Preferences' }).getAttribute('aria-current')).toBe('page');
  expect(loaderRequests).toEqual([]);
  expect(await unreadInName(page)).toBe(count);
  expect(problems).toEqual([]);
});

it('no response the browser receives holds the API key', async () => {
  await page.waitForLoadState('networkidle');
  expect(bodies.some((body) => body.url.includes('/api/inbox/v'))).toBe(true);
  for (const body of bodies) expect(body.text, body.url).not.toContain('sk_test_inbox_kit');
});

it('the server logged no error while rendering', () => {
  expect(server?.output()).not.toMatch(/Error/);
});
