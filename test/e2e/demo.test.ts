/** `npm start` as a new user runs it, driven in Chromium. */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { startDemo, type RunningDemo } from './start-demo';

let demo: RunningDemo;
let browser: Browser;
let page: Page;
const shots = 'test-results/screenshots';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 900, height: 1200 } });
});

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

const badge = async () => Number(await page.locator('h1 .badge').textContent());

describe('npm start', () => {
  it('prints its URL and lists the first subscriber’s feed with avatars, CTAs and states', async () => {
    expect(demo.output()).toMatch(/inbox-kit demo running at http:\/\/127\.0\.0\.1:\d+\//);
    const response = await page.goto(`${demo.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('.feed > li').count()).resolves.toBe(20);
    expect(await badge()).toBeGreaterThan(0);
    expect(await page.locator('.item[data-state="unread"]').count()).toBeGreaterThan(0);
    // Avatars come from the service itself and load.
    const avatar = page.locator('.avatar img').first();
    await expect(avatar.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBeGreaterThan(0);
    expect(await page.locator('.button-primary').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/demo-feed.png`, fullPage: false });
  });

  it('renders notification content as text and drops unsafe links', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${demo.url}/`);
    const hostile = page.locator('.content', { hasText: '<script>alert("xss")</script>' });
    await expect(hostile.count()).resolves.toBe(1);
    await expect(page.locator('.feed script, .feed img[src="x"]').count()).resolves.toBe(0);
    await expect(page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('marks one read: the badge drops and a reload agrees', async () => {
    await page.goto(`${demo.url}/`);
    const before = await badge();
    await page.getByRole('button', { name: 'Mark as read' }).first().click();
    await page.waitForURL(/subscriber=sub_ada/);
    expect(await badge()).toBe(before - 1);
    await page.reload();
    expect(await badge()).toBe(before - 1);
  });

  it('filters unread and pages to older notifications', async () => {
    await page.goto(`${demo.url}/`);
    await page.getByRole('link', { name: 'Unread' }).click();
    expect(await page.locator('.item[data-state="read"]').count()).toBe(0);
    expect(await page.locator('.item').count()).toBe(await badge());
    await page.getByRole('link', { name: 'All' }).click();
    await page.getByRole('link', { name: 'Older →' }).click();
    expect(page.url()).toContain('page=1');
    expect(await page.locator('.feed > li').count()).toBe(20);
  });

  it('never sends the API key to the browser', async () => {
    const bodies: string[] = [];
    page.on('response', (response) => {
      void response.text().then((text) => bodies.push(text), () => undefined);
    });
    await page.goto(`${demo.url}/`);
    await page.waitForLoadState('networkidle');
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(body).not.toContain('sk_test_inbox_kit');
  });
});
