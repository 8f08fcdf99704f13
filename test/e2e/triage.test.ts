/**
 * Clearing the inbox in the demo as `npm start` runs it (issue 26), in Chromium: archive, snooze and
 * delete with the mouse, the keyboard and a 375 px touch screen; Undo; a delete whose page closes
 * in its undo window; the bulk actions. After each, the service (read afresh through the app's
 * /api/inbox route, and by a reload) holds what the reader did. Axe on every state. And a delete
 * made while a slow service has not yet answered an earlier change of the same notification, the
 * page then left or its tab closed: the delete still reaches the service (issue 34).
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { launchChromium } from './chromium';
import { startDemo, startServe, type RunningDemo, type RunningServe } from './start-demo';

let demo: RunningDemo;
let browser: Browser;

beforeAll(async () => {
  // Its own build folder: the demo suite builds into another at the same time.
  [demo, browser] = await Promise.all([startDemo({ env: { INBOX_DEMO_BUILD: '.cache/demo-e2e-triage' } }), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

async function open(viewport = { width: 1280, height: 900 }, touch = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${demo.url}/inbox`);
  await page.locator('[data-inbox-slot="item"]').first().waitFor();
  return { context, page };
}

/** The service's notifications of a v2 filter, through the app's own route as the signed-in reader. */
async function held(page: Page, filter: Record<string, string> = {}): Promise<{ id: string; subject?: string; body: string | null }[]> {
  const query = new URLSearchParams({ limit: '100', ...filter });
  const answer = await page.request.get(`${demo.url}/api/inbox/v2/subscribers/sub_ada/notifications?${query}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { id: string; subject?: string; body: string | null }[] }).data;
}
const rows = (page: Page) => page.locator('[data-inbox-slot="item"]');
/** A notification's id: its feed row's (two may share a subject). */
const idOf = async (row: ReturnType<typeof rows>) => (await row.locator('xpath=..').getAttribute('data-window-id')) ?? '';
const rowOf = (page: Page, id: string) => page.locator(`[data-window-id="${id}"] [data-inbox-slot="item"]`);
const ids = async (page: Page, filter: Record<string, string> = {}) => (await held(page, filter)).map((n) => n.id);
const axe = async (page: Page, state: string) => expect(await axeViolations(page), state).toEqual([]);

describe('clearing the inbox in the demo', () => {
  it('archives with the mouse and undoes it; archives again, and after a reload it is in Archived', async () => {
    const { context, page } = await open();
    const id = await idOf(rows(page).nth(1));
    await rowOf(page, id).hover();
    await axe(page, 'a row hovered, its actions shown');
    await rowOf(page, id).getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => ids(page, { archived: 'true' })).toContain(id);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => ids(page, { archived: 'true' })).not.toContain(id);
    await rowOf(page, id).hover();
    await rowOf(page, id).getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => ids(page, { archived: 'true' })).toContain(id);
    await page.reload();
    await rows(page).first().waitFor();
    expect(await rowOf(page, id).count()).toBe(0);
    await page.getByRole('tab', { name: 'Archived' }).click();
    await expect.poll(() => rowOf(page, id).count()).toBe(1);
    await axe(page, 'the Archived tab');
    await context.close();
  });

  it('deletes: an Undo in the window keeps it; a page closed in the window deletes it', async () => {
    const opened = await open();
    const { context } = opened;
    let { page } = opened;
    const id = await idOf(rows(page).first());
    await rowOf(page, id).hover();
    await rowOf(page, id).getByRole('button', { name: 'Delete' }).click();
    await page.locator('[data-inbox-slot="toast-message"]', { hasText: 'Deleted' }).waitFor();
    await axe(page, 'the undo toast');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForTimeout(6_000);
    expect(await ids(page)).toContain(id);
    await page.reload();
    await rowOf(page, id).waitFor();

    await rowOf(page, id).hover();
    await rowOf(page, id).getByRole('button', { name: 'Delete' }).click();
    // Closed within the window: the delete is sent as the page goes (keepalive).
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    await page.goto(`${demo.url}/inbox`);
    await expect.poll(() => ids(page), { timeout: 10_000 }).not.toContain(id);
    await context.close();
  });

  it('snoozes from a preset with the keyboard, and the Snoozed view lists it after a reload', async () => {
    const { context, page } = await open();
    const id = await idOf(rows(page).nth(2));
    await rowOf(page, id).locator('[data-inbox-slot="item-main"]').focus();
    // Focus brings the row's actions (the menus' chunk); a key pressed before they are here is the browser's.
    await rowOf(page, id).locator('[data-inbox-slot="tool"]').first().waitFor({ state: 'attached' });
    await page.keyboard.press('s');
    const menu = page.getByRole('menu', { name: 'Snooze' });
    await menu.waitFor();
    await axe(page, 'the snooze menu');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => ids(page, { snoozed: 'true' })).toContain(id);
    await page.reload();
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Snoozed' }).click();
    await expect.poll(() => rowOf(page, id).count()).toBe(1);
    await expect.poll(() => rowOf(page, id).textContent()).toMatch(/Snoozed until/);
    await axe(page, 'the Snoozed view');
    await context.close();
  });

  it('archives and snoozes from the bell’s popover too', async () => {
    const { context, page } = await open();
    await page.getByRole('button', { name: /^Notifications/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const row = dialog.locator('[data-inbox-slot="item"]').first();
    await row.waitFor();
    const id = await idOf(row);
    await row.hover();
    await row.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => ids(page, { archived: 'true' })).toContain(id);
    const next = dialog.locator('[data-inbox-slot="item"]').first();
    const other = await idOf(next);
    await next.hover();
    await next.getByRole('button', { name: 'Snooze' }).click();
    await page.getByRole('menuitem', { name: /^In 1 hour/ }).click();
    await expect.poll(() => ids(page, { snoozed: 'true' })).toContain(other);
    // The popover stayed open through both.
    await expect(dialog.isVisible()).resolves.toBe(true);
    await axe(page, 'the popover after archive and snooze');
    await context.close();
  });

  it('on a 375 px touch screen every action is in "More actions"', async () => {
    const { context, page } = await open({ width: 375, height: 800 }, true);
    const row = rows(page).first();
    const id = await idOf(row);
    const more = row.getByRole('button', { name: 'More actions' });
    await more.waitFor();
    // No Archive button of its own on this screen (the actions are loaded: its menu holds them).
    await expect(row.getByRole('button', { name: 'Archive' }).count()).resolves.toBe(0);
    await more.tap();
    await page.getByRole('menu', { name: 'More actions' }).waitFor();
    await axe(page, 'the overflow menu');
    await page.getByRole('menuitem', { name: 'Archive' }).tap();
    await expect.poll(() => ids(page, { archived: 'true' })).toContain(id);
    await context.close();
  });

  it('archives the read ones, then deletes all after the confirmation that names the count', async () => {
    const { context, page } = await open();
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Archive read' }).click();
    await expect.poll(async () => (await held(page, { archived: 'false', read: 'true' })).length).toBe(0);
    const all = (await held(page)).length;
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Delete all…' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe(`Delete all ${all > 99 ? '99+' : all} notifications?`);
    await axe(page, 'the delete-all confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await held(page)).length).toBe(0);
    await page.reload();
    await page.getByText('You’re all caught up.').waitFor();
    await context.close();
  });
});

/**
 * The service behind a forwarder that holds every change but a delete (the reads and the deletes
 * pass): as a slow service, it answers one only once `ms` have passed and the test lets it.
 */
function slowService(upstream: string) {
  let answer = () => {};
  let answering = Promise.resolve();
  const held: string[] = [];
  const server: Server = createServer((req, res) => {
    const pass = () => {
      const onward = forward(new URL(req.url ?? '/', upstream), { method: req.method, headers: req.headers }, (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      });
      onward.on('error', () => res.destroy());
      req.pipe(onward);
    };
    if (req.method === 'GET' || req.method === 'DELETE') return pass();
    held.push(`${req.method} ${req.url}`);
    void answering.then(pass);
  });
  return {
    server,
    held,
    /** From now on, changes are answered once `ms` have passed and `answer()` is called. */
    slow(ms: number) {
      answering = Promise.all([new Promise((resolve) => setTimeout(resolve, ms)), new Promise<void>((resolve) => (answer = resolve))]).then(() => undefined);
    },
    answer: () => answer(),
  };
}

describe('a delete behind a slower change of the same notification, as the page goes (issue 34)', () => {
  const KEY = 'sk_test_slow_service';
  let upstream: RunningServe;
  let service: ReturnType<typeof slowService>;
  let app: RunningDemo;

  beforeAll(async () => {
    upstream = await startServe(['--api-key', KEY]);
    service = slowService(upstream.url);
    await new Promise<void>((listening) => service.server.listen(0, '127.0.0.1', listening));
    const address = service.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The app built for the suite above; this one only starts its server, in front of the slow service.
    app = await startDemo({ env: { INBOX_DEMO_BUILD: '.cache/demo-e2e-triage', INBOX_UPSTREAM_URL: url, INBOX_API_KEY: KEY, INBOX_SUBSCRIBERS: 'sub_ada' }, build: false });
  }, 60_000);
  afterAll(async () => {
    service?.answer();
    await app?.stop();
    await new Promise((closed) => service?.server.close(closed));
    await upstream?.stop();
  });

  /** Whether the service (asked directly, every view) still has the notification. */
  async function serviceHas(id: string): Promise<boolean> {
    for (const view of ['', '&archived=true', '&snoozed=true']) {
      const answer = await fetch(`${upstream.url}/v2/subscribers/sub_ada/notifications?limit=100${view}`, { headers: { Authorization: `ApiKey ${KEY}` } });
      const { data } = (await answer.json()) as { data: { id: string }[] };
      if (data.some((n) => n.id === id)) return true;
    }
    return false;
  }

  /**
   * Two new notifications, the newest of the inbox, unread at the service (set directly): what each case
   * acts on. New each time: a slow change an earlier case left on its way (answered as that case ends)
   * may land on that case's notifications after this one has begun.
   */
  async function twoUnread(): Promise<[string, string]> {
    const headers = { Authorization: `ApiKey ${KEY}`, 'Content-Type': 'application/json' };
    for (const title of ['First of the case', 'Second of the case']) {
      const sent = await fetch(`${upstream.url}/v1/events/trigger/broadcast`, { method: 'POST', headers, body: JSON.stringify({ name: 'product-announcement', payload: { title, body: 'Acted on', url: '/' } }) });
      expect(sent.ok).toBe(true);
    }
    const answer = await fetch(`${upstream.url}/v2/subscribers/sub_ada/notifications?limit=2`, { headers });
    const [id = '', other = ''] = ((await answer.json()) as { data: { id: string }[] }).data.map((n) => n.id);
    for (const each of [id, other]) expect((await fetch(`${upstream.url}/v2/subscribers/sub_ada/notifications/${each}/unread`, { method: 'PATCH', headers })).ok).toBe(true);
    return [id, other];
  }
  const row = (page: Page, id: string) => page.locator(`[data-window-id="${id}"] [data-inbox-slot="item"]`);
  async function click(page: Page, id: string, name: string) {
    await row(page, id).hover();
    await row(page, id).getByRole('button', { name }).click();
  }
  /** Before the delete: nothing, or a change of this notification or another, on the slow service. */
  const before: Record<string, ((page: Page, id: string, other: string) => Promise<void>) | undefined> = {
    'nothing (control)': undefined,
    'a mark read (1 s)': (page, id) => click(page, id, 'Mark as read'),
    'a mark read (3 s)': (page, id) => click(page, id, 'Mark as read'),
    'an archive (3 s)': async (page, id) => {
      await click(page, id, 'Archive');
      await row(page, id).waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Archived' }).click();
      await row(page, id).waitFor();
    },
    '“Mark all as read” (3 s)': (page) => page.getByRole('button', { name: 'Mark all as read' }).click(),
    'a mark read of another notification (3 s, control)': (page, _, other) => click(page, other, 'Mark as read'),
  };
  const slowFor = (name: string) => (name.includes('1 s') ? 1_000 : 3_000);
  const ways: Record<string, (page: Page) => Promise<unknown>> = {
    'the page is left': (page) => page.goto(`${app.url}/`),
    'the tab is closed': (page) => page.close({ runBeforeUnload: true }),
  };

  for (const [earlier, change] of Object.entries(before)) {
    for (const [way, leave] of Object.entries(ways)) {
      it(`after ${earlier}, then a delete, ${way}: the service no longer has it`, async () => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        try {
          const [id, other] = await twoUnread();
          const page = await context.newPage();
          await page.goto(`${app.url}/inbox`);
          await row(page, other).waitFor();
          service.slow(slowFor(earlier));
          const heldBefore = service.held.length;
          await change?.(page, id, other);
          if (change) await expect.poll(() => service.held.length).toBeGreaterThan(heldBefore);
          await click(page, id, 'Delete');
          await row(page, id).waitFor({ state: 'detached' });
          await leave(page);
          // The earlier change is still unanswered: the delete did not wait for it.
          await expect.poll(() => serviceHas(id), { timeout: 10_000 }).toBe(false);
        } finally {
          service.answer();
          await context.close();
        }
      });
    }
  }

  it('after a mark read (3 s), then a delete, the page only hidden (control): the service no longer has it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const [id] = await twoUnread();
      const page = await context.newPage();
      await page.goto(`${app.url}/inbox`);
      await row(page, id).waitFor();
      service.slow(3_000);
      await click(page, id, 'Mark as read');
      await click(page, id, 'Delete');
      await row(page, id).waitFor({ state: 'detached' });
      // Hidden, and it stays (headless Chromium hides no tab of its own: the page is told as a browser tells it).
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      service.answer();
      await expect.poll(() => serviceHas(id), { timeout: 10_000 }).toBe(false);
    } finally {
      service.answer();
      await context.close();
    }
  });
});
