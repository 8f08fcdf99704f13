/**
 * Chaos in the real UI, in Chromium, with two tabs of the app open (two providers with their own
 * caches, talking across BroadcastChannel, one poller between them): seeded random clicks under
 * 20 % injected faults, then the network heals and each tab's rows must equal the service, with
 * nothing left sending more than the one poller.
 */
import { afterEach, expect, it } from 'vitest';
import { Inbox } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import { createReferenceService } from 'inbox-kit/testing';
import { BASE, mountTab, unmountTabs } from './harness';
import { seededRandom } from '../helpers/seeded-random';

const ACTIONS = 150;
afterEach(() => unmountTabs());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it(`two tabs, ${ACTIONS} random clicks under 20 % faults: each tab ends equal to the service, one poller`, { timeout: 60_000 }, async () => {
  const next = seededRandom(15);
  const service = createReferenceService({ now: Date.now(), messages: 40 });
  let requests = 0;
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    timeoutMs: 150,
    fetch: async (input, init) => {
      requests++;
      return service.handle(new Request(input, init));
    },
  });
  const tabs = [0, 1].map(() => mountTab(<Inbox variant="embedded" />, client, { pollInterval: 500, crossTab: true, style: 'height: 420px; width: 420px; display: inline-flex; flex-direction: column;' }));
  for (const { host } of tabs) while (!host.querySelector('[data-inbox-slot="item"]')) await sleep(20);
  service.setFaults({ errorRate: 0.1, dropRate: 0.05, dropAfterRate: 0.05, latencyMs: [0, 40] });

  const clicks = { toggles: 0, tabs: 0, markAll: 0, scrolls: 0, more: 0 };
  for (let i = 0; i < ACTIONS; i++) {
    const { host } = tabs[next() < 0.5 ? 0 : 1] ?? {};
    if (!host) continue;
    const roll = next();
    if (roll < 0.5) {
      const toggles = [...host.querySelectorAll<HTMLButtonElement>('[data-inbox-slot="item-toggle"]')];
      toggles[Math.floor(next() * toggles.length)]?.click();
      clicks.toggles++;
    } else if (roll < 0.7) {
      const tabButtons = [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
      tabButtons[Math.floor(next() * tabButtons.length)]?.click();
      clicks.tabs++;
    } else if (roll < 0.73) {
      host.querySelector<HTMLButtonElement>('[data-inbox-slot="header-actions"] [data-inbox-slot="text-button"]')?.click();
      clicks.markAll++;
    } else if (roll < 0.9) {
      const scroll = host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]');
      if (scroll) scroll.scrollTop = next() * scroll.scrollHeight;
      clicks.scrolls++;
    } else {
      host.querySelector<HTMLButtonElement>('[data-inbox-slot="feed-end"] button')?.click();
      clicks.more++;
    }
    await sleep(next() * 30);
  }

  // Heal, and let the changes, retries and polls settle. Nothing here refetches: what each tab
  // holds is what the kit made of it.
  service.setFaults({});
  // Each tab back on All (a click may have left one on the Archived tab, empty here).
  for (const { host } of tabs) host.querySelector<HTMLButtonElement>('[role="tab"]')?.click();
  await sleep(2_500);

  const truth = new Map(service.feedOf('sub_ada').map((n) => [n._id, n]));
  const stale: string[] = [];
  // Every row on screen says what the service holds, and its toggle says the same as its state.
  tabs.forEach(({ host }, tab) => {
    const rows = host.querySelectorAll<HTMLElement>('[data-inbox-slot="feed-row"]');
    // Rows to check, or the check checks nothing.
    if (rows.length === 0) stale.push(`tab ${tab + 1}: no rows on screen`);
    for (const row of rows) {
      const id = row.dataset.windowId ?? '';
      const item = row.querySelector<HTMLElement>('[data-inbox-slot="item"]');
      const message = truth.get(id);
      const read = item?.dataset.state === 'read';
      const seen = item?.dataset.seen === 'true';
      if (!message || message.read !== read || message.seen !== seen) stale.push(`tab ${tab + 1}: ${id}: read ${read}, seen ${seen}; the service: read ${message?.read}, seen ${message?.seen}`);
      const toggle = item?.querySelector('[data-inbox-slot="item-toggle"]')?.getAttribute('aria-label');
      expect(toggle === 'Mark as read').toBe(!read);
    }
  });
  // Idle: the one poller across both tabs, and nothing else.
  const idleFrom = requests;
  await sleep(2_000);
  const idle = requests - idleFrom;
  console.log(`chaos in the UI: ${ACTIONS} clicks in two tabs (${JSON.stringify(clicks)}); ${requests} requests; stale ${stale.length}; ${idle} requests in 2 s idle`);
  expect(stale).toEqual([]);
  expect(idle).toBeLessThanOrEqual(6);
});
