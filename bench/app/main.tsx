/**
 * The page `npm run bench` measures: `<Inbox variant="embedded" />` over 10,000 notifications,
 * built by Vite for production (what apps ship) and opened as a top-level page, with the
 * reference service in the test's process, over HTTP (off the page, as a real service is). So
 * every long task on this page's main thread is the kit's, React's or the browser's work for them.
 */
import { createRoot } from 'react-dom/client';
import { measureFirstPaint } from './first-paint';
import { Floor } from './floor';
import { Inbox, InboxProvider } from '../../src/index';
import '../../src/theme/styles.css';

export interface FeedBenchReport {
  layout: 'box' | 'page';
  loaded: number;
  loadMs: number;
  /** The most item elements in the DOM at once (checked after loading and after scrolling). */
  itemElementsInDom: number;
  /** aria-setsize of the last item once all are loaded. */
  setsize: string | null;
  scrollSteps: number;
  /** One step: set scrollTop, then wait two animation frames. */
  stepMsMedian: number;
  stepMsMax: number;
  /** Long tasks (> 50 ms) while scrolling. */
  longTasks: number[];
  /** What the slow frames ran, when there were long tasks. */
  slowFrames: SlowFrame[];
  /** The long-task observer saw a task made long on purpose before the run (else the run proves nothing). */
  observerWorks: boolean;
  /** Marking a row read with 10,000 loaded, five times: the click to the frame that shows it painted. */
  markReadPaintedMs: number[];
  /** Each of them showed in the first frame after its click. */
  markReadInNextFrame: boolean;
}

interface SlowFrame {
  durationMs: number;
  styleAndLayoutMs: number;
  scripts: string[];
}

/** The parts of Chromium's `long-animation-frame` entries read below (not yet in TypeScript's DOM types). */
interface LongAnimationFrame {
  duration: number;
  startTime: number;
  blockingDuration: number;
  styleAndLayoutStart: number;
  scripts: { invoker: string; duration: number; forcedStyleAndLayoutDuration: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
/** Just after a frame is painted: its animation frame, then the task after its rendering. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * A reader marks notifications read with 10,000 loaded (every cached page is written): each
 * click comes just after a paint, as input may, and its row must show "read" in the next frame.
 */
async function markReadFrames(host: HTMLElement, times: number): Promise<{ paintedMs: number[]; inNextFrame: boolean }> {
  const paintedMs: number[] = [];
  let inNextFrame = true;
  for (let i = 0; i < times; i++) {
    const row = host.querySelector<HTMLElement>('[data-inbox-slot="item"][data-state="unread"]');
    const toggle = row?.querySelector<HTMLButtonElement>('[data-inbox-slot="item-toggle"]');
    if (!row || !toggle) throw new Error('no unread notification on screen to mark read');
    await afterPaint();
    const started = performance.now();
    toggle.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (row.getAttribute('data-state') !== 'read') inNextFrame = false;
    await new Promise((resolve) => setTimeout(resolve, 0));
    paintedMs.push(Math.round(performance.now() - started));
    await sleep(100);
  }
  return { paintedMs, inNextFrame };
}

async function until<T>(probe: () => T | null | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(16);
  }
}

/**
 * `?layout=box`: the inbox fills a container of the window's height and scrolls inside it.
 * `?layout=page` (default): the inbox grows with the page, and the page scrolls.
 */
const layout = new URLSearchParams(location.search).get('layout') === 'box' ? 'box' : 'page';

async function runFeedBench(): Promise<FeedBenchReport> {
  const host = document.getElementById('app') as HTMLElement;
  const items = () => host.querySelectorAll('[data-inbox-slot="item"]').length;
  const feed = await until(() => host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]'), 10_000, 'the feed');
  const scroller = layout === 'box' ? feed : (document.scrollingElement as HTMLElement);
  await until(() => items() > 0, 10_000, 'the first page');

  // Load all 10,000 by scrolling to the end until the feed says it is complete.
  const loadStarted = performance.now();
  while (!host.textContent?.includes('That’s everything.')) {
    scroller.scrollTop = scroller.scrollHeight;
    await sleep(16);
    if (performance.now() - loadStarted > 120_000) throw new Error('loading 10,000 took more than 2 minutes');
  }
  const loadMs = Math.round(performance.now() - loadStarted);
  let itemElementsInDom = items();
  const last = [...host.querySelectorAll('[data-inbox-slot="item"]')].at(-1);

  const longTasks: number[] = [];
  const taskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
  });
  taskObserver.observe({ type: 'longtask', buffered: false });
  const slowFrames: SlowFrame[] = [];
  const frameObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as LongAnimationFrame[]) {
      if (entry.blockingDuration <= 0) continue;
      slowFrames.push({
        durationMs: Math.round(entry.duration),
        styleAndLayoutMs: Math.round(entry.startTime + entry.duration - entry.styleAndLayoutStart),
        scripts: entry.scripts.map((script) => `${script.invoker} ${Math.round(script.duration)} ms (forced layout ${Math.round(script.forcedStyleAndLayoutDuration)} ms)`),
      });
    }
  });
  frameObserver.observe({ type: 'long-animation-frame', buffered: false });
  // The observer must see a long task when there is one, or the run below would prove nothing.
  const busyUntil = performance.now() + 80;
  while (performance.now() < busyUntil) {
    // busy on purpose
  }
  const observerWorks = await until(() => longTasks.length > 0, 2_000, 'the deliberate long task').catch(() => false);
  longTasks.length = 0;
  slowFrames.length = 0;

  // Scroll back to the top in steps, two frames each.
  const steps: number[] = [];
  const count = 120;
  for (let i = count; i >= 0; i--) {
    const before = performance.now();
    scroller.scrollTop = (scroller.scrollHeight * i) / count;
    await twoFrames();
    steps.push(performance.now() - before);
    itemElementsInDom = Math.max(itemElementsInDom, items());
  }
  await sleep(100);
  const marks = await markReadFrames(host, 5);
  taskObserver.disconnect();
  frameObserver.disconnect();
  steps.sort((a, b) => a - b);
  return {
    layout,
    loaded: 10_000,
    loadMs,
    itemElementsInDom,
    setsize: last?.getAttribute('aria-setsize') ?? null,
    scrollSteps: count,
    stepMsMedian: Math.round(steps[Math.floor(steps.length / 2)] ?? 0),
    stepMsMax: Math.round(steps.at(-1) ?? 0),
    longTasks,
    slowFrames: longTasks.length > 0 ? slowFrames : [],
    observerWorks: observerWorks !== false,
    markReadPaintedMs: marks.paintedMs,
    markReadInNextFrame: marks.inNextFrame,
  };
}

declare global {
  interface Window {
    runFeedBench: typeof runFeedBench;
  }
}
window.runFeedBench = runFeedBench;

// `?first-paint=popover|embedded`: the first-paint page (60 notifications, a header with the bell, or an inbox page).
const firstPaint = new URLSearchParams(location.search).get('first-paint');
const app = document.getElementById('app') as HTMLElement;
if (layout === 'box') app.style.height = '100vh';
if (firstPaint === 'popover' || firstPaint === 'embedded' || firstPaint === 'floor') window.firstPaint = measureFirstPaint(firstPaint);
const query = new URLSearchParams(location.search);
createRoot(app).render(
  firstPaint === 'floor' ? (
    <Floor service={query.get('service') ?? ''} apiKey={query.get('key') ?? ''} />
  ) : (
  // The provider's own client, as an app ships it: its `baseUrl` is a createInboxProxy route beside
  // the page, in front of the reference service the test runs in its own process.
  <InboxProvider baseUrl={`/api/${query.get('route') ?? 'small'}`} subscriberId="sub_ada" pollInterval={false} crossTab={false}>
    {firstPaint === 'popover' ? (
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <Inbox />
      </header>
    ) : (
      <Inbox variant="embedded" />
    )}
  </InboxProvider>
  ),
);
