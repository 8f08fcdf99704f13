/**
 * Chaos in the real UI, in Chromium, with two tabs of the app open (two providers with their own
 * caches, talking across BroadcastChannel, one poller between them): seeded random clicks under
 * 20 % injected faults, then the network heals and each tab's caches and rows must equal the
 * service, with nothing left sending more than the one poller.
 */
import { afterEach, expect, it } from 'vitest';
import { Inbox, type FeedItem } from 'inbox-kit';
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
  await sleep(2_500);

  const truth = new Map(service.feedOf('sub_ada').map((n) => [n._id, n]));
  const stale: string[] = [];
  tabs.forEach(({ queryClient }, tab) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] })) {
      const key = query.queryKey;
      if (key[3] === undefined || typeof key[3] !== 'object') continue;
      // A feed marked for refetching is read afresh when next shown (a shown one is checked below).
      if (query.state.isInvalidated) continue;
      const data = query.state.data as { pages: { data: FeedItem[] }[] } | undefined;
      for (const item of data?.pages.flatMap((page) => page.data) ?? []) {
        const message = truth.get(item._id);
        if (!message || message.read !== item.read || message.seen !== item.seen) {
          stale.push(`tab ${tab + 1}: ${item._id} in ${JSON.stringify(key[3])}: read ${item.read}, seen ${item.seen}; the service: read ${message?.read}, seen ${message?.seen}`);
        }
      }
    }
  });
  // Every row on screen says what its cache says. A shown feed left marked for refetching shows
  // its error and "Try again"; it never looks fresh.
  for (const { host, queryClient } of tabs) {
    const hidden = queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'], type: 'active', predicate: ({ state }) => state.isInvalidated && state.fetchStatus === 'idle' && state.status === 'success' });
    expect(hidden.map((query) => query.queryHash)).toEqual([]);
    for (const row of host.querySelectorAll('[data-inbox-slot="item"]')) {
      const toggle = row.querySelector('[data-inbox-slot="item-toggle"]')?.getAttribute('aria-label');
      expect(toggle === 'Mark as read').toBe(row.getAttribute('data-state') === 'unread');
    }
  }
  // Idle: the one poller across both tabs, and nothing else.
  const idleFrom = requests;
  await sleep(2_000);
  const idle = requests - idleFrom;
  console.log(`chaos in the UI: ${ACTIONS} clicks in two tabs (${JSON.stringify(clicks)}); ${requests} requests; stale ${stale.length}; ${idle} requests in 2 s idle`);
  expect(stale).toEqual([]);
  expect(idle).toBeLessThanOrEqual(6);
});
