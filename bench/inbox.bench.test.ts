/**
 * `npm run bench`: first paint, and the feed with 10,000 notifications loaded, in Chromium. The page
 * (bench/app) is built by Vite for production and opened as a top-level page, as an app
 * would be; the reference service answers over HTTP from the test's process.
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
import { startReferenceServer, type ReferenceServer } from '../src/server/dev-server';
import type { FirstPaintReport } from './app/first-paint';
import type { FeedBenchReport } from './app/main';

let server: StaticServer;
let browser: Browser;
let url = '';
/** The reference service over HTTP: 10,000 notifications for the feed, 60 for first paint. */
let large: ReferenceServer;
let small: ReferenceServer;
const pageUrl = (service: ReferenceServer, query: string) => `${url}?service=${encodeURIComponent(service.url)}&key=${service.service.apiKey}&${query}`;

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'inbox-bench-'));
  // React's production build, as apps ship it: Vite follows NODE_ENV, which vitest sets to 'test'.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: resolve(import.meta.dirname, 'app'),
    logLevel: 'error',
    mode: 'production',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es' },
  }).finally(() => (process.env.NODE_ENV = nodeEnv));
  server = await serveFolder(outDir);
  [large, small] = await Promise.all([startReferenceServer({ now: Date.now(), messages: 10_000 }), startReferenceServer({ now: Date.now(), messages: 60 })]);
  url = server.url;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await Promise.all([large?.close(), small?.close()]);
});

it.each(['box', 'page'] as const)('keeps fewer than 100 items in the DOM with 10,000 loaded, and scrolls without long tasks (scrolling the %s)', async (layout) => {
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(pageUrl(large, `layout=${layout}`));
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

/**
 * Targets on the 2-core machine the README names, printed next to each figure. Scripting to the
 * 20th is not yet within its target (see the README): the run fails only past the guard, so
 * that it cannot grow unnoticed.
 */
const TARGETS = { bellToFirstItemMs: 50, scriptingTo20thMs: 100 };
/**
 * The regression guard: scripting at most this many times the plain-React floor measured in the
 * same run (absolute figures move by a third with this machine's load; the ratio moves less).
 */
const GUARD_TIMES_FLOOR = 3.5;
let floorScriptingMs: number | undefined;
/** Runs per figure: first paint varies by about ±10 ms from run to run on this machine. */
const RUNS = 9;

it.each(['floor', 'popover', 'embedded'] as const)('first paint (%s): navigation to the 20th notification, its scripting, and a bell click to the first', async (variant) => {
  const runs: (FirstPaintReport & { scriptingTo20thMs: number; styleAndLayoutMs: number; forcedLayouts: number })[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(pageUrl(small, `first-paint=${variant}`));
    await page.waitForFunction(() => window.firstPaintAt20th !== undefined);
    // The main thread's script time so far (Chromium's own accounting), read as the 20th shows.
    const { metrics } = await cdp.send('Performance.getMetrics');
    await page.evaluate(() => (window.firstPaintScriptingRead = true));
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const report = await page.evaluate(() => window.firstPaint as Promise<FirstPaintReport>);
    runs.push({
      ...report,
      scriptingTo20thMs: Math.round(metric('ScriptDuration') * 1000),
      styleAndLayoutMs: Math.round((metric('RecalcStyleDuration') + metric('LayoutDuration')) * 1000),
      forcedLayouts: metric('LayoutCount'),
    });
    expect(errors).toEqual([]);
    await page.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const figures = {
    variant,
    navigationTo20thMs: median(runs.map((r) => r.navigationTo20thMs)),
    scriptingTo20thMs: median(runs.map((r) => r.scriptingTo20thMs)),
    layoutsTo20th: median(runs.map((r) => r.forcedLayouts)),
    styleAndLayoutTo20thMs: median(runs.map((r) => r.styleAndLayoutMs)),
    bellToFirstItemMs: variant === 'popover' ? median(runs.map((r) => r.bellToFirstItemMs ?? 0)) : undefined,
  };
  console.log(
    `first paint (${variant}, medians of ${RUNS}): navigation to the 20th ${figures.navigationTo20thMs} ms; scripting to it ${figures.scriptingTo20thMs} ms (target ≤ ${TARGETS.scriptingTo20thMs}${figures.scriptingTo20thMs > TARGETS.scriptingTo20thMs ? ', not met' : ', met'}${floorScriptingMs && variant !== 'floor' ? `; ${(figures.scriptingTo20thMs / floorScriptingMs).toFixed(2)}× the floor` : ''}); style and layout ${figures.styleAndLayoutTo20thMs} ms in ${figures.layoutsTo20th} layouts` +
      (figures.bellToFirstItemMs === undefined ? '' : `; bell click to the first ${figures.bellToFirstItemMs} ms (target < ${TARGETS.bellToFirstItemMs})`),
  );
  if (variant === 'floor') floorScriptingMs = figures.scriptingTo20thMs;
  else if (floorScriptingMs !== undefined) expect(figures.scriptingTo20thMs).toBeLessThanOrEqual(floorScriptingMs * GUARD_TIMES_FLOOR);
  if (figures.bellToFirstItemMs !== undefined) expect(figures.bellToFirstItemMs).toBeLessThan(TARGETS.bellToFirstItemMs);
}, 120_000);
