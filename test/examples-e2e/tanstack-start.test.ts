/**
 * examples/tanstack-start, built from the packed tarball (scripts/examples/run.sh) and served as
 * its scaffold serves a production build (`vite preview`), as a user meets it: the first HTML
 * already has the badge count, the page hydrates without a console error, the popover opens,
 * marking one read drops the count, a reload agrees, and no response holds the API key.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createInboxClient } from 'inbox-kit/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../e2e/chromium';
import { countUnread } from '../helpers/count-unread';
import { startProcess, type RunningProcess } from '../helpers/process';
import { exampleDir } from './example-dir';
import { avatarsShown, bellOf, freePort, markOneReadFromPopover, UI, unreadInName } from './example-page';

const API_KEY = 'sk_test_inbox_kit';

const dir = exampleDir('tanstack-start');
let server: RunningProcess | undefined;
let browser: Browser;
let page: Page;
let url = '';
const problems: string[] = [];
const bodies: { url: string; text: string }[] = [];

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  [server, browser] = await Promise.all([
    startProcess(resolve(dir, 'node_modules/.bin/vite'), ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: dir,
      env: { INBOX_UPSTREAM_URL: '', INBOX_API_KEY: '' },
      ready: /Local:\s+http:\/\/127\.0\.0\.1:\d+/,
      name: 'vite preview',
    }),
    launchChromium(),
  ]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => void response.text().then((text) => bodies.push({ url: response.url(), text }), () => undefined));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


/** A subscriber's unread count through the example's own route, signed in by the `user` cookie. */
async function unreadThroughRoute(user?: string): Promise<number> {
  if (!user) return countUnread(`${url}/api/inbox`, 'sub_ada');
  const client = createInboxClient({ baseUrl: `${url}/api/inbox`, retry: false, headers: { cookie: `user=${user}` } });
  const page = await client.getFeed({ subscriberId: user, read: false, limit: 100 });
  expect(page.hasMore).toBe(false);
  return page.data.length;
}

it('server-renders the bell with the signed-in user’s count into the first HTML', async () => {
  const unread = await unreadThroughRoute();
  expect(unread).toBeGreaterThan(1);
  const html = await (await fetch(`${url}/`)).text();
  expect(html).toContain(`aria-label="Notifications, ${unread} unread"`);
  // The user comes from the `user` cookie in the server function as in the route.
  const grace = await unreadThroughRoute('sub_grace');
  expect(grace).not.toBe(unread);
  const graceHtml = await (await fetch(`${url}/`, { headers: { cookie: 'user=sub_grace' } })).text();
  expect(graceHtml).toContain(grace > 0 ? `aria-label="Notifications, ${grace} unread"` : 'aria-label="Notifications"');
});

it('the route hands every method to the proxy, which pins the signed-in user', async () => {
  const feed = (subscriber: string, method = 'GET') => fetch(`${url}/api/inbox/v1/subscribers/${subscriber}/notifications/feed`, { method }).then((response) => response.status);
  expect(await feed('sub_ada')).toBe(200);
  expect(await feed('sub_grace')).toBe(403);
  // Not the framework's answer to a method the route lacks: the proxy's own refusal.
  expect(await feed('sub_ada', 'DELETE')).toBe(405);
});

it('hydrates without a console error; the popover opens; marking one read drops the count; a reload agrees', async () => {
  const before = await unreadThroughRoute();
  // The count is there before any script runs; the bell answers once the page has hydrated.
  await page.goto(`${url}/`, { waitUntil: 'domcontentloaded' });
  expect(await unreadInName(page)).toBe(before);
  await page.waitForLoadState('networkidle');
  await markOneReadFromPopover(page, before);
  await expect.poll(() => unreadThroughRoute(), UI).toBe(before - 1);
  await page.reload();
  expect(await unreadInName(page)).toBe(before - 1);
  // No hydration mismatch (React reports it as minified error #418 in production), nor anything else.
  expect(problems).toEqual([]);
});

it('serves the reference service’s avatars through the app’s own route', async () => {
  await bellOf(page).click();
  await page.getByRole('dialog', { name: 'Notifications' }).locator('[data-inbox-slot="item"]').first().waitFor();
  await expect.poll(() => avatarsShown(page), UI).toContainEqual(expect.stringMatching(/^\/reference\/avatars\/[\w-]+\.svg$/));
  await page.keyboard.press('Escape');
});

it('navigates in the browser to the preferences page; the bell keeps its count', async () => {
  const unread = await unreadInName(page);
  await page.getByRole('link', { name: 'Preferences' }).click();
  await page.getByRole('switch').first().waitFor();
  expect(await unreadInName(page)).toBe(unread);
  expect(problems).toEqual([]);
});

it('the header fits a 375 px screen: the links and the bell in view, nothing scrolls sideways', async () => {
  const narrow = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await narrow.goto(`${url}/`);
  expect(await narrow.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  for (const name of ['Home', 'Preferences']) {
    const box = await narrow.getByRole('link', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true);
  }
  const bellBox = await narrow.getByRole('button', { name: /^Notifications/ }).boundingBox();
  expect(bellBox && bellBox.x + bellBox.width <= 375).toBe(true);
  await narrow.context().close();
});

it('never sends the API key to the browser, and the server logged no error', async () => {
  await page.waitForLoadState('networkidle');
  expect(bodies.some((body) => body.url.includes('/api/inbox/v2/'))).toBe(true);
  expect(bodies.some((body) => /\/assets\/.+\.js$/.test(body.url))).toBe(true);
  for (const body of bodies) expect(body.text, body.url).not.toContain(API_KEY);
  expect(server?.output()).not.toMatch(/error/i);
});
