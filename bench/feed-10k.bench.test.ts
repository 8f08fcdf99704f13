/**
 * `npm run bench`: the feed with 10,000 notifications loaded, in Chromium. The page
 * (bench/app) is built by Vite for production and opened as a top-level page, as an app
 * would be; the reference service runs in a Web Worker.
 * Budgets: fewer than 100 item elements in the DOM, and scrolling from the bottom to the
 * top without long tasks (> 50 ms), both when the inbox scrolls inside a box of the window's
 * height and when it grows with the page and the page scrolls.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../test/e2e/chromium';
import { serveFolder, type StaticServer } from '../test/helpers/static-server';
import type { FeedBenchReport } from './app/main';

let server: StaticServer;
let browser: Browser;
let url = '';

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'inbox-bench-'));
  await build({
    root: resolve(import.meta.dirname, 'app'),
    logLevel: 'error',
    mode: 'production',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es' },
  });
  server = await serveFolder(outDir);
  url = server.url;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

it.each(['box', 'page'] as const)('keeps fewer than 100 items in the DOM with 10,000 loaded, and scrolls without long tasks (scrolling the %s)', async (layout) => {
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}?layout=${layout}`);
  await page.waitForFunction(() => typeof window.runFeedBench === 'function');
  const report: FeedBenchReport = await page.evaluate(() => window.runFeedBench());
  await page.close();
  console.log(`feed bench: ${JSON.stringify(report)}`);
  expect(errors).toEqual([]);
  expect(report.layout).toBe(layout);
  expect(report.setsize).toBe('10000');
  expect(report.observerWorks, 'the long-task observer saw a deliberate long task').toBe(true);
  expect(report.itemElementsInDom).toBeLessThan(100);
  expect(report.longTasks, JSON.stringify(report.slowFrames, null, 1)).toEqual([]);
}, 300_000);
