/**
 * Real time in the demo as `npm start` runs it (issue 27), in Chromium: a broadcast sent from the
 * admin page in one window reaches another window's bell, its open list and a toast within a second,
 * with no request of that window's in between (the socket brings it); the app's two tabs share one
 * socket; the reference service's request log shows no poll.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { axeViolations } from './axe';
import { launchChromium } from './chromium';
import { startDemo, type RunningDemo } from './start-demo';

let demo: RunningDemo;
let browser: Browser;

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo({ env: { INBOX_DEMO_BUILD: '.cache/demo-e2e-realtime' } }), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

/** The bell's unread count, as its accessible name says it. */
async function unreadOf(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications/ }).first().getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Every request a page sends to the app's inbox route, and each socket it opens. */
function watch(page: Page) {
  const requests: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/inbox/')) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));
  return { requests, sockets };
}

/** Until the page has sent nothing for 300 ms. */
async function quiet(page: Page, seen: ReturnType<typeof watch>): Promise<void> {
  for (let count = -1; count !== seen.requests.length; ) {
    count = seen.requests.length;
    await page.waitForTimeout(300);
  }
}

async function broadcast(admin: Page, title: string): Promise<number> {
  await admin.getByLabel('Title').fill(title);
  await admin.getByRole('button', { name: 'Broadcast' }).click();
  return Date.now();
}

describe('real time in the demo', () => {
  let context: BrowserContext;
  let reader: Page;
  let admin: Page;
  let seen: ReturnType<typeof watch>;
  let adminSeen: ReturnType<typeof watch>;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    reader = await context.newPage();
    seen = watch(reader);
    await reader.goto(`${demo.url}/`);
    await vi.waitFor(async () => expect(await unreadOf(reader)).toBeGreaterThan(0), { timeout: 10_000 });
    admin = await context.newPage();
    adminSeen = watch(admin);
    await admin.goto(`${demo.url}/admin`);
    await admin.getByLabel('Title').waitFor();
  });
  afterAll(() => context?.close());

  it('a broadcast reaches another window’s bell through the socket, with no request of that window’s', async () => {
    // The socket is open, and the count asked once it opened (what came while it was not) has come back.
    await expect.poll(() => seen.sockets.length).toBe(1);
    await quiet(reader, seen);
    const before = await unreadOf(reader);
    const asked = seen.requests.length;
    await broadcast(admin, 'Live from the admin page');
    // No poll is due while the socket is open (5 minutes), so only the socket can bring it.
    await expect.poll(() => unreadOf(reader), { timeout: 15_000, interval: 20 }).toBe(before + 1);
    expect(seen.requests.slice(asked)).toEqual([]);
  });

  it('the open list shows it at the top at once', async () => {
    await reader.getByRole('button', { name: /^Notifications/ }).first().click();
    const items = reader.getByRole('dialog').locator('[data-inbox-slot="item"]');
    await items.first().waitFor();
    const asked = seen.requests.length;
    await broadcast(admin, 'Straight into the open list');
    await expect.poll(() => items.first().textContent(), { timeout: 1_000, interval: 20 }).toContain('Straight into the open list');
    // Seen on view may mark it seen: nothing else is asked.
    expect(seen.requests.slice(asked).filter((r) => !r.endsWith('/seen'))).toEqual([]);
    await reader.keyboard.press('Escape');
  });

  it('the app’s two tabs share one socket, and both are updated', async () => {
    // The reader's tab took the socket first; the admin tab hears through it.
    expect(seen.sockets).toHaveLength(1);
    expect(adminSeen.sockets).toEqual([]);
    const [before, readerBefore] = [await unreadOf(admin), await unreadOf(reader)];
    const asked = adminSeen.requests.length;
    await broadcast(admin, 'Both tabs hear it');
    await expect.poll(() => unreadOf(admin), { timeout: 1_000, interval: 20 }).toBe(before + 1);
    await expect.poll(() => unreadOf(reader), { timeout: 1_000, interval: 20 }).toBe(readerBefore + 1);
    // The admin tab's own request is the broadcast; it reads nothing.
    expect(adminSeen.requests.slice(asked).filter((r) => r.startsWith('GET'))).toEqual([]);
  });

  it('a toast shows a new notification while the inbox is closed: announced politely, never taking focus, gone when the inbox opens', async () => {
    await reader.bringToFront();
    await reader.locator('main').click({ position: { x: 5, y: 5 } });
    const focused = await reader.evaluate(() => document.activeElement?.tagName);
    await broadcast(admin, 'Toast: the roadmap is out');
    const toast = reader.locator('[data-inbox-slot="arrival"]').filter({ hasText: 'Toast: the roadmap is out' });
    await toast.waitFor({ timeout: 1_000 });
    expect(await reader.locator('[data-inbox-slot="arrivals"]').getAttribute('aria-live')).toBe('polite');
    expect(await reader.evaluate(() => document.activeElement?.tagName)).toBe(focused);
    // Once it has come in (its fade would read as low contrast half-way).
    await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    expect(await axeViolations(reader), 'a page with a toast').toEqual([]);
    await reader.screenshot({ path: 'test-results/screenshots/realtime-toast.png' });
    // The title counts it too.
    expect(await reader.title()).toMatch(new RegExp(`^\\(${await unreadOf(reader)}\\) Acme Analytics`));
    // Closing it by its button; another one, then the inbox opened: the toasts give way to it.
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => toast.count()).toBe(0);
    await broadcast(admin, 'Toast: one more');
    await reader.locator('[data-inbox-slot="arrival"]').first().waitFor({ timeout: 1_000 });
    await reader.getByRole('button', { name: /^Notifications/ }).first().click();
    await expect.poll(() => reader.locator('[data-inbox-slot="arrival"]').count()).toBe(0);
    await reader.keyboard.press('Escape');
  });

  it('clicking a toast follows the notification’s link', async () => {
    await broadcast(admin, 'Toast: click me');
    const toast = reader.locator('[data-inbox-slot="arrival"]').filter({ hasText: 'Toast: click me' });
    await toast.waitFor({ timeout: 1_000 });
    // The admin page's broadcasts link to /inbox by default.
    await toast.getByText('Toast: click me').click();
    await expect.poll(() => new URL(reader.url()).pathname).toBe('/inbox');
    expect(await toast.count()).toBe(0);
  });
});

describe('desktop notifications', () => {
  it('turned on from the preferences, one shows while no tab of the app is visible, once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['notifications'], { origin: demo.url });
    // What the page shows on the desktop, recorded (the system's own notification is not visible to a test).
    await context.addInitScript(() => {
      const Real = window.Notification;
      const shown: { title: string; tag?: string | undefined }[] = [];
      Object.assign(window, { shownOnDesktop: shown });
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, tag: options?.tag });
        }
      }
      Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
      window.Notification = Recording;
    });
    const page = await context.newPage();
    // Its socket opens once the route's first answer said it mints sessions.
    const socketOpened = page.waitForEvent('websocket');
    await page.goto(`${demo.url}/preferences`);
    const toggle = page.getByRole('switch', { name: 'Show on desktop when this tab is in the background' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await axeViolations(page), 'the preferences with the desktop switch').toEqual([]);
    await socketOpened;
    // The tab goes to the background: it lets the poller's lock go (no tab of the app is visible).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const other = await browser.newContext();
    const admin = await other.newPage();
    await admin.goto(`${demo.url}/admin`);
    await broadcast(admin, 'On the desktop');
    await expect.poll(() => page.evaluate(() => (window as unknown as { shownOnDesktop: { title: string }[] }).shownOnDesktop.map((n) => n.title)), { timeout: 2_000 }).toEqual(['On the desktop']);
    await other.close();
    await context.close();
  });
});
