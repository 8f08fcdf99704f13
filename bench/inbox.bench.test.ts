/**
 * `npm run bench`: first paint, and the feed with 10,000 notifications loaded, in Chromium. The page
 * (bench/app) is built by Vite for production and opened as a top-level page, as an app
 * would be; the reference service answers over HTTP from the test's process.
 * Budgets: fewer than 100 item elements in the DOM, scrolling from the bottom to the top
 * without long tasks (> 50 ms), and a row marked read showing it in the next frame, both when the
 * inbox scrolls inside a box of the window's height and when it grows with the page and the page scrolls.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../test/e2e/chromium';
import { serveFolder, type StaticServer } from '../test/helpers/static-server';
import { startReferenceServer, type ReferenceServer } from '../src/server/dev-server';
import { createInboxProxy } from '../src/server/proxy';
import { TWENTIETH_PAINTED, type FirstPaintReport } from './app/first-paint';
import type { FeedBenchReport } from './app/main';

let server: StaticServer;
let browser: Browser;
let url = '';
/** The reference service over HTTP: 10,000 notifications for the feed, 60 for first paint. */
let large: ReferenceServer;
let small: ReferenceServer;
/** The page over one of the services: the floor asks it straight; the kit through its proxy route beside the page, as an app has it. */
const pageUrl = (service: ReferenceServer, query: string) =>
  `${url}?service=${encodeURIComponent(service.url)}&key=${service.service.apiKey}&route=${service === large ? 'large' : 'small'}&${query}`;

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
  [large, small] = await Promise.all([startReferenceServer({ now: Date.now(), messages: 10_000 }), startReferenceServer({ now: Date.now(), messages: 60 })]);
  const route = (name: string, service: ReferenceServer) => ({
    prefix: `/api/${name}/`,
    handler: createInboxProxy({ upstream: service.url, apiKey: service.service.apiKey, authenticate: () => 'sub_ada', basePath: `/api/${name}`, rateLimit: false }),
  });
  server = await serveFolder(outDir, {}, [route('large', large), route('small', small)]);
  url = server.url;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await Promise.all([large?.close(), small?.close()]);
});

/** A frame at 60 Hz and half of another: the click lands just after a paint, so the next frame is about 16.7 ms away. */
const MARK_PAINTED_WITHIN_MS = 25;

it.each(['box', 'page'] as const)('keeps fewer than 100 items in the DOM with 10,000 loaded, scrolls without long tasks, and shows a mark-read in the next frame (scrolling the %s)', async (layout) => {
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
  const markPaintedMs = Math.max(...report.markReadPaintedMs);
  console.log(`mark-read with 10,000 loaded (${layout}): painted ${markPaintedMs} ms after the click at most, in the next frame: ${report.markReadInNextFrame} (target: the next frame, within ${MARK_PAINTED_WITHIN_MS} ms)`);
  expect(report.markReadInNextFrame, 'a row marked read shows it in the next frame').toBe(true);
  // And that frame is not held up by the work: a slow mark would make the next frame late, not miss it.
  expect(markPaintedMs, 'click to the frame that shows it painted').toBeLessThanOrEqual(MARK_PAINTED_WITHIN_MS);
}, 300_000);

/** Targets on the 2-core machine the README names, printed next to each figure; the run fails past any of them. */
const TARGETS = { bellToFirstItemMs: 50, scriptingTo20thMs: 100, forcedLayoutsPerFrame: 1 };
/**
 * And on a faster machine, where 100 ms is easy: scripting at most this many times the plain-React
 * floor measured in the same run (between 1.3 and 1.9 times on the README's machine, with or without load).
 */
const GUARD_TIMES_FLOOR = 2.25;
/**
 * Rounds: each measures the floor, the popover and the embedded inbox one after the other, so
 * that the machine's load, which drifts over a run, weighs on all three alike.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 11);
const VARIANTS = ['floor', 'popover', 'embedded'] as const;
type Variant = (typeof VARIANTS)[number];
type Run = FirstPaintReport & { scriptingTo20thMs: number; styleAndLayoutMs: number; forcedLayouts: number };

/**
 * Opens the first-paint page and returns once the 20th is painted. Heard from the page's log, not
 * polled for: Playwright's polling runs script in the page, which would count as the kit's.
 */
async function openUntil20th(page: Page, variant: Variant): Promise<void> {
  const painted = page.waitForEvent('console', { predicate: (message) => message.text() === TWENTIETH_PAINTED, timeout: 30_000 });
  await page.goto(pageUrl(small, `first-paint=${variant}`));
  await painted;
}

async function measure(on: Browser, variant: Variant): Promise<Run> {
  const page = await on.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await openUntil20th(page, variant);
  // The main thread's script time so far (Chromium's own accounting), read as the 20th shows.
  const { metrics } = await cdp.send('Performance.getMetrics');
  await page.evaluate(() => (window.firstPaintScriptingRead = true));
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const report = await page.evaluate(() => window.firstPaint as Promise<FirstPaintReport>);
  await page.close();
  expect(errors).toEqual([]);
  return {
    ...report,
    scriptingTo20thMs: Math.round(metric('ScriptDuration') * 1000),
    styleAndLayoutMs: Math.round((metric('RecalcStyleDuration') + metric('LayoutDuration')) * 1000),
    forcedLayouts: metric('LayoutCount'),
  };
}

/** A trace event of Chromium's timeline, as far as read here. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  args?: { beginData?: { stackTrace?: unknown[] } };
}

/**
 * The most layouts forced by script (read back before the frame's own) within one frame, from
 * navigation to the 20th notification, traced once: frames end at the main thread's commit to the
 * compositor, and a layout is forced when the trace gives the script that asked for it.
 */
async function mostForcedLayoutsInAFrame(on: Browser, variant: Variant): Promise<number> {
  const page = await on.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack', transferMode: 'ReportEvents' });
  await openUntil20th(page, variant);
  await cdp.send('Tracing.end');
  await complete;
  await page.close();
  let inFrame = 0;
  let most = 0;
  for (const event of events.filter((e) => e.ph === 'X' && (e.name === 'Commit' || e.name === 'Layout')).sort((a, b) => a.ts - b.ts)) {
    if (event.name === 'Commit') inFrame = 0;
    else if (event.args?.beginData?.stackTrace) most = Math.max(most, ++inFrame);
  }
  return most;
}

it('first paint: navigation to the 20th notification, its scripting, and a bell click to the first (floor, popover, embedded)', async () => {
  const runs = new Map<Variant, Run[]>(VARIANTS.map((variant) => [variant, []]));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  // A browser of its own, as a reader's is: not one that has just held 10,000 notifications.
  const fresh = await launchChromium();
  const forced = new Map<Variant, number>();
  try {
    for (let round = 0; round < ROUNDS; round++) for (const variant of VARIANTS) runs.get(variant)?.push(await measure(fresh, variant));
    // The median of three traces: whether the bell is clicked while a layout is pending varies.
    for (const variant of VARIANTS) {
      const traced: number[] = [];
      for (let trace = 0; trace < 3; trace++) traced.push(await mostForcedLayoutsInAFrame(fresh, variant));
      forced.set(variant, median(traced));
    }
  } finally {
    await fresh.close();
  }
  const of = (variant: Variant, pick: (run: Run) => number) => median((runs.get(variant) ?? []).map(pick));
  const floorScriptingMs = of('floor', (r) => r.scriptingTo20thMs);
  for (const variant of VARIANTS) {
    const scripting = of(variant, (r) => r.scriptingTo20thMs);
    const loads = (runs.get(variant) ?? []).map((r) => r.scriptingTo20thMs);
    const bell = variant === 'popover' ? of(variant, (r) => r.bellToFirstItemMs ?? 0) : undefined;
    console.log(
      `first paint (${variant}, medians of ${ROUNDS}): navigation to the 20th ${of(variant, (r) => r.navigationTo20thMs)} ms; ` +
        `scripting to it ${scripting} ms (single loads ${Math.min(...loads)} to ${Math.max(...loads)}; target ≤ ${TARGETS.scriptingTo20thMs}, ${scripting > TARGETS.scriptingTo20thMs ? 'not met' : 'met'}` +
        `${variant === 'floor' ? '' : `; ${(scripting / floorScriptingMs).toFixed(2)}× the floor`}); ` +
        `style and layout ${of(variant, (r) => r.styleAndLayoutMs)} ms in ${of(variant, (r) => r.forcedLayouts)} layouts, ` +
        `at most ${forced.get(variant)} forced by script in a frame (target ≤ ${TARGETS.forcedLayoutsPerFrame})` +
        (bell === undefined ? '' : `; bell click to the first ${bell} ms (target < ${TARGETS.bellToFirstItemMs})`),
    );
    if (variant !== 'floor') {
      expect(scripting, `${variant}: scripting to the 20th`).toBeLessThanOrEqual(TARGETS.scriptingTo20thMs);
      expect(scripting, `${variant}: scripting to the 20th against the floor`).toBeLessThanOrEqual(floorScriptingMs * GUARD_TIMES_FLOOR);
    }
    expect(forced.get(variant), `${variant}: layouts forced by script in one frame`).toBeLessThanOrEqual(TARGETS.forcedLayoutsPerFrame);
    if (bell !== undefined) expect(bell).toBeLessThan(TARGETS.bellToFirstItemMs);
  }
}, 300_000);
