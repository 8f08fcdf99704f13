/**
 * The demo as `npm start` runs it, driven in Chromium like a new user would:
 * the bell, marking read, filtering, scrolling, preferences, a broadcast from
 * the admin page arriving, all of it once with the keyboard alone, axe on
 * every page, and no API key in anything the browser receives.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { launchChromium } from './chromium';
import { countUnread } from '../helpers/count-unread';
import { startDemo, startServe, type RunningDemo, type RunningServe } from './start-demo';

let demo: RunningDemo;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const bodies: string[] = [];
const consoleErrors: string[] = [];
const shots = 'test-results/screenshots';
const API_KEY = 'sk_test_inbox_kit';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
}, 120_000);

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('response', (response) => {
    void response.text().then((text) => bodies.push(text), () => undefined);
  });
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

// A reader's console stays clean on every page of the demo (a failed request is logged there).
afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await demo?.stop();
});

const bell = () => page.getByRole('button', { name: /^Notifications/ }).first();
const userSelect = () => page.getByRole('combobox', { name: 'Signed in as' });

/** The header's controls that must be on screen whole at any width: each menu item, the bell, the user select. */
async function headerControls(): Promise<{ name: string; left: number; right: number }[]> {
  const items = [
    ...(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all()).map((link) => ({ locator: link, name: link.textContent() })),
    { locator: bell(), name: Promise.resolve('bell') },
    { locator: userSelect(), name: Promise.resolve('user select') },
  ];
  return Promise.all(
    items.map(async ({ locator, name }) => {
      const box = await locator.boundingBox();
      return { name: (await name) ?? '', left: box?.x ?? Number.NaN, right: box ? box.x + box.width : Number.NaN };
    }),
  );
}

/**
 * The width the user select has and the width its chosen name needs. A select reports no overflow
 * (its scrollWidth equals its clientWidth even when the name is cut), so the need is measured on a
 * hidden copy holding only the chosen option, free to size itself to it.
 */
function userSelectFit(): Promise<{ text: string; width: number; needed: number }> {
  return userSelect().evaluate((element: HTMLSelectElement) => {
    const copy = element.cloneNode(false) as HTMLSelectElement;
    const chosen = element.selectedOptions[0];
    if (chosen) copy.append(chosen.cloneNode(true));
    copy.removeAttribute('id');
    copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none; field-sizing: content;';
    element.after(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    return { text: chosen?.text ?? '', width: element.getBoundingClientRect().width, needed };
  });
}
const unreadInName = async () => Number(/(\d+) unread/.exec((await bell().getAttribute('aria-label')) ?? '')?.[1] ?? 0);
const axe = async (name: string) => {
  expect(await axeViolations(page), name).toEqual([]);
};

describe('npm start', () => {
  it('prints its URL and serves the dashboard with the bell in its header', async () => {
    expect(demo.output()).toMatch(/inbox-kit demo running at http:\/\/127\.0\.0\.1:\d+\//);
    const response = await page.goto(`${demo.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
    await expect.poll(() => bell().getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);
    await axe('dashboard');
    await page.screenshot({ path: `${shots}/demo-dashboard.png` });
  });

  it('switches the whole page to dark and the inbox follows; the header fits a 375 px screen', async () => {
    await page.goto(`${demo.url}/`);
    await page.getByRole('button', { name: 'Dark' }).click();
    await bell().click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.locator('[data-inbox-slot="item"]').first().waitFor();
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(17, 19, 24)');
    await axe('dashboard, dark');
    await page.screenshot({ path: `${shots}/demo-dashboard-dark-1280.png` });
    await page.keyboard.press('Escape');
    // Every page, in both schemes, at both widths: no sideways scrolling, and a picture to look at.
    for (const scheme of ['dark', 'light'] as const) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ['/', '/inbox', '/preferences', '/admin']) {
          await page.goto(`${demo.url}${path}`);
          await bell().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBeLessThanOrEqual(width);
          // The header is two lines at most (brand and tools, then the menu), with every control in it on
          // screen whole (no menu item to scroll to), and the signed-in user's name not cut.
          expect((await page.locator('header.topbar').boundingBox())?.height, `header height, ${path} at ${width}`).toBeLessThan(width === 375 ? 100 : 64);
          for (const control of await headerControls()) {
            expect([control.left >= 0, control.right <= width], `${control.name} within the screen, ${path} at ${width} (${control.left}–${control.right})`).toEqual([true, true]);
          }
          const fit = await userSelectFit();
          expect(fit.text).toBe('Ada Lovelace');
          expect(fit.width, `the user select's width for “${fit.text}”, ${path} at ${width}`).toBeGreaterThanOrEqual(fit.needed - 0.5);
          if (path === '/' && width === 375) await axe(`dashboard, ${scheme}, 375 px`);
          const name = path === '/' ? 'dashboard' : path.slice(1);
          await page.screenshot({ path: `${shots}/demo-${name}-${scheme}-${width}.png` });
        }
      }
      if (scheme === 'dark') await page.getByRole('button', { name: 'Dark' }).click();
    }
  });

  it('a notification’s link leads to a page of the demo, and the popover closes', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${demo.url}/`);
    await bell().click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.locator('a[data-inbox-slot="item-main"][href^="/docs/"]').first().click();
    await page.getByRole('heading', { name: 'You followed a notification link' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('main').textContent()).toMatch(/In your app this opens \/docs\//);
    await axe('followed link');
  });

  it('serves React’s production build, built into the tests’ own folder (a running demo keeps its files)', async () => {
    expect(existsSync('.cache/demo-e2e/index.html')).toBe(true);
    const html = await (await fetch(`${demo.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const code = await (await fetch(`${demo.url}${script}`)).text();
    expect(code.length).toBeGreaterThan(1000);
    // The development build carries React's dev-only warnings; the production build does not.
    expect(code).not.toContain('Each child in a list should have a unique');
  });

  it('opens the bell: items with avatars and CTA buttons; marking one read drops the badge, and a reload agrees', async () => {
    await page.goto(`${demo.url}/`);
    await expect.poll(unreadInName).toBeGreaterThan(0);
    const before = await unreadInName();
    await bell().click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    await dialog.locator('[data-inbox-slot="item"]').first().waitFor();
    await expect(dialog.locator('[data-inbox-slot="avatar"] img').first().evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBeGreaterThan(0);
    expect(await dialog.getByRole('button', { name: 'Accept' }).count()).toBeGreaterThan(0);
    await axe('popover');
    await page.screenshot({ path: `${shots}/demo-popover.png` });
    await dialog.locator('[data-inbox-slot="item"][data-state="unread"]').first().getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(unreadInName).toBe(before - 1);
    await page.reload();
    await expect.poll(unreadInName).toBe(before - 1);
  });

  it('filters unread and loads more as the inbox page scrolls', async () => {
    await page.goto(`${demo.url}/inbox`);
    const feed = page.locator('[data-inbox-slot="panel"] [role="feed"]');
    await feed.locator('[data-inbox-slot="item"]').first().waitFor();
    await page.getByRole('tab', { name: 'Unread' }).click();
    await expect.poll(() => page.locator('[data-inbox-slot="panel"] [data-inbox-slot="item"][data-state="read"]').count()).toBe(0);
    await page.getByRole('tab', { name: 'All' }).click();
    // The inbox grows with the page: scrolling the page to its end loads the next page.
    const lastBefore = await page.locator('[data-inbox-slot="panel"] [data-inbox-slot="item"]').last().getAttribute('aria-posinset');
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return Number(await page.locator('[data-inbox-slot="panel"] [data-inbox-slot="item"]').last().getAttribute('aria-posinset'));
      })
      .toBeGreaterThan(Number(lastBefore));
    await page.evaluate(() => window.scrollTo(0, 0));
    await axe('inbox page');
    await page.screenshot({ path: `${shots}/demo-inbox-page.png` });
  });

  it('toggles a channel on the preferences page, and the service keeps it', async () => {
    await page.goto(`${demo.url}/preferences`);
    const email = page.getByRole('switch', { name: 'Comment replies Email' });
    await email.waitFor();
    const before = await email.getAttribute('aria-checked');
    await email.click();
    await expect.poll(() => email.getAttribute('aria-checked')).not.toBe(before);
    await page.waitForTimeout(300);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Comment replies Email' }).getAttribute('aria-checked')).not.toBe(before);
    await axe('preferences page');
    await page.screenshot({ path: `${shots}/demo-preferences.png` });
  });

  it('broadcasts from the admin page, and the notification arrives under the bell', async () => {
    await page.goto(`${demo.url}/admin`);
    await page.getByLabel('Title').fill('Quarterly review is out');
    await page.getByRole('button', { name: 'Broadcast' }).click();
    // The admin page says what happened: Grace turned product news off in-app.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Delivered to' }).textContent()).toMatch(/^Delivered to 6 of 7 subscribers \(1 has turned in-app off for this workflow\)\.$/);
    await bell().click();
    await expect.poll(() => page.getByRole('dialog').locator('[data-inbox-slot="item"]').first().textContent(), { timeout: 10_000 }).toContain('Quarterly review is out');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Make Mailgun EU primary$/ }).click();
    await expect.poll(() => page.getByRole('row', { name: /Mailgun EU/ }).textContent()).toContain('Primary');
    await axe('admin page');
    await page.screenshot({ path: `${shots}/demo-admin.png` });
  });

  it('works with the keyboard alone', async () => {
    /** Presses Tab (or Shift+Tab) until `check` holds for the focused element. */
    type Focused = { role: string | null; label: string | null; text: string; slot: string | null };
    const tabTo = async (check: (el: Focused) => boolean, { max = 40, key = 'Tab' } = {}) => {
      for (let i = 0; i < max; i++) {
        const focused = await page.evaluate(() => {
          const el = document.activeElement;
          return {
            role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? null,
            label: el?.getAttribute('aria-label') ?? null,
            text: el?.textContent?.trim() ?? '',
            slot: el?.getAttribute('data-inbox-slot') ?? null,
          };
        });
        if (check(focused)) return;
        await page.keyboard.press(key);
      }
      throw new Error(`could not reach the element with ${key}`);
    };
    const isBell = (el: Focused) => /^Notifications/.test(el.label ?? '') && el.slot === 'bell';

    // The bell: open, filter unread, mark one read, close.
    await page.goto(`${demo.url}/`);
    await expect.poll(unreadInName).toBeGreaterThan(0);
    const before = await unreadInName();
    await tabTo(isBell);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-inbox-slot="item"]').first().waitFor();
    await tabTo((el) => el.role === 'tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).resolves.toBe('true');
    await dialog.locator('[data-inbox-slot="item"][data-state="unread"]').first().waitFor();
    await expect.poll(() => dialog.locator('[data-inbox-slot="item"][data-state="read"]').count()).toBe(0);
    await tabTo((el) => el.label === 'Mark as read', { max: 10 });
    await page.keyboard.press('Enter');
    await expect.poll(unreadInName).toBe(before - 1);
    await page.keyboard.press('Escape');
    await expect(bell().evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(dialog.count()).resolves.toBe(0);

    // The inbox page: into the feed, then Page Down through it until more loads.
    await tabTo((el) => el.text === 'Inbox', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await page.locator('[data-inbox-slot="panel"] [data-inbox-slot="item"]').first().waitFor();
    await tabTo((el) => el.slot === 'item-main');
    for (let i = 0; i < 25; i++) await page.keyboard.press('PageDown');
    await expect.poll(async () => Number(await page.locator('[data-inbox-slot="panel"] [data-inbox-slot="item"]').last().getAttribute('aria-posinset'))).toBeGreaterThan(20);

    // Preferences: reach a switch and flip it with Space.
    // Back up past every row above (each with its read toggle, archive, snooze and delete).
    await tabTo((el) => el.text === 'Preferences' && el.role === 'a', { key: 'Shift+Tab', max: 200 });
    await page.keyboard.press('Enter');
    await page.getByRole('switch').first().waitFor();
    // Global SMS (turning in-app off would, rightly, keep the broadcast below away from this user).
    await tabTo((el) => el.role === 'switch' && el.text === 'SMS');
    const checked = () => page.evaluate(() => document.activeElement?.getAttribute('aria-checked'));
    const was = await checked();
    await page.keyboard.press('Space');
    await expect.poll(checked).not.toBe(was);

    // Admin: broadcast with the keyboard, then open the bell and find it.
    await tabTo((el) => el.text === 'Admin' && el.role === 'a', { key: 'Shift+Tab', max: 80 });
    await page.keyboard.press('Enter');
    await page.getByLabel('Title').waitFor();
    await tabTo((el) => el.text === 'Broadcast');
    await page.keyboard.press('Enter');
    // The admin page says what happened: Grace turned product news off in-app.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Delivered to' }).textContent()).toMatch(/^Delivered to 6 of 7 subscribers \(1 has turned in-app off for this workflow\)\.$/);
    await tabTo(isBell, { key: 'Shift+Tab', max: 80 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').locator('[data-inbox-slot="item"]').first().textContent(), { timeout: 10_000 }).toContain('Scheduled exports are here');
  });

  it('refuses a change that another site’s page sends with the reader’s cookie (cross-site request forgery)', async () => {
    // An attacker's page on another port of the same host: the same site (SameSite=Lax cookies go along), another origin.
    const attacker = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Win a prize</title>'));
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    await page.goto(`${demo.url}/admin`);
    await page.evaluate(() => fetch('/api/demo/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscriberId: 'sub_ada' }) }));
    const integrations = () => page.evaluate(() => fetch('/api/demo/integrations').then((r) => r.json() as Promise<{ id: string; channel: string; primary: boolean }[]>));
    const target = (await integrations()).find((row) => row.channel === 'email' && !row.primary);
    if (!target) throw new Error('no integration to make primary');
    const evil = await context.newPage();
    const statuses: number[] = [];
    evil.on('response', (response) => {
      if (response.url().includes('/set-primary')) statuses.push(response.status());
    });
    await evil.goto(attackerUrl);
    // The finding: an empty-body POST with mode no-cors, the admin's cookie attached.
    await evil.evaluate((url) => fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }).then(() => 'sent', (error: unknown) => String(error)), `${demo.url}/api/inbox/v1/integrations/${target.id}/set-primary`);
    await expect.poll(() => statuses).toEqual([403]);
    expect((await integrations()).find((row) => row.id === target.id)?.primary).toBe(false);
    // From the app's own page, the same request goes through.
    expect(await page.evaluate((id) => fetch(`/api/inbox/v1/integrations/${id}/set-primary`, { method: 'POST' }).then((r) => r.status), target.id)).toBe(201);
    await evil.close();
    attacker.close();
  });

  it('never sends the API key to the browser', async () => {
    await page.goto(`${demo.url}/`);
    await page.waitForLoadState('networkidle');
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) expect(body).not.toContain(API_KEY);
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src));
    for (const src of scripts) expect(await (await fetch(src)).text()).not.toContain(API_KEY);
  });
});

describe('npm start against a deployment (a second `npm run serve` standing in for it)', () => {
  let upstream: RunningServe;
  let deployed: RunningDemo;
  const KEY = 'sk_live_stand_in';

  beforeAll(async () => {
    upstream = await startServe(['--api-key', KEY]);
    // The app is built by the first demo above; this one only starts the server.
    deployed = await startDemo({ env: { INBOX_UPSTREAM_URL: upstream.url, INBOX_API_KEY: KEY, INBOX_SUBSCRIBERS: 'sub_grace,sub_yuki' }, build: false });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await deployed?.stop();
    await upstream?.stop();
  });

  const unreadUpstream = (subscriberId: string) => countUnread(upstream.url, subscriberId, KEY);

  it('proxies the inbox to that service as the first of INBOX_SUBSCRIBERS, and marking read changes it there', async () => {
    expect(deployed.output()).toContain(`Service: ${upstream.url} (as sub_grace, sub_yuki`);
    await page.goto(`${deployed.url}/`);
    const expected = await unreadUpstream('sub_grace');
    await expect.poll(unreadInName, { timeout: 10_000 }).toBe(Math.min(expected, 99));
    await bell().click();
    const first = page.getByRole('dialog').locator('[data-inbox-slot="item"][data-state="unread"]').first();
    await first.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => unreadUpstream('sub_grace')).toBe(expected - 1);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(unreadInName, { timeout: 10_000 }).toBe(Math.min(expected - 1, 99));
    for (const body of bodies) expect(body).not.toContain(KEY);
  });

  it('the admin page lists what the service lets it and says what it cannot', async () => {
    await page.goto(`${deployed.url}/admin`);
    await expect.poll(() => page.getByText(/Connected to 127\.0\.0\.1:\d+/).count()).toBe(1);
    // The stand-in has no integration or workflow listing: the page says so and asks for an identifier.
    await expect.poll(() => page.getByText(/did not list its integrations/).count()).toBe(1);
    await page.getByLabel('Workflow identifier').fill('no-such-workflow');
    await page.getByRole('button', { name: 'Broadcast' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Not sent' }).textContent()).toContain('no workflow has the identifier “no-such-workflow”');
    await page.getByLabel('Workflow identifier').fill('weekly-digest');
    await page.getByRole('button', { name: 'Broadcast' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'processed' }).textContent()).toContain('if it is inactive or has no active in-app step, nobody receives anything');
    await axe('admin page against a deployment');
    // The one refusal asked for above is the only thing the browser logged.
    expect(consoleErrors.splice(0)).toEqual([expect.stringMatching(/status of 422 .*\/v1\/events\/trigger\/broadcast\)$/)]);
  });
});
