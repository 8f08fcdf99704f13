/**
 * The request budget: what each user action costs, counted at the client's fetch, in Chromium,
 * against the reference service (as the deployed service answers). Every number here is in the
 * README's performance section.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ReactNode } from 'react';
import { Inbox, PreferencesPanel } from 'inbox-kit';
import { createInboxAdminClient, type InboxClient } from 'inbox-kit/client';
import { BASE, mountTab, unmountTabs, waitFor, type TabProps } from './harness';
import { countedService } from './counted-service';

// The deployed service's v2: a list page is `GET notifications?…`, the counts one `GET notifications/count?…`.
const isList = (entry: string) => entry.startsWith('GET notifications?');
/** The poll: one count request for every count shown (the badge's unread). */
const isCount = (entry: string) => entry.startsWith('GET notifications/count?');
const isPlainList = (entry: string) => isList(entry) && !/read=|seen=/.test(entry);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next `count` requests sent after now, and the time between the first of them and the last. */
async function polls(log: string[], count: number): Promise<{ requests: string[]; took: number }> {
  const mark = log.length;
  const times: number[] = [];
  await waitFor(() => {
    while (times.length < log.length - mark) times.push(performance.now());
    return log.length - mark >= count;
  }, 30_000);
  return { requests: log.slice(mark, mark + count), took: (times[count - 1] ?? 0) - (times[0] ?? 0) };
}

afterEach(() => unmountTabs());

const render = (ui: ReactNode, client: InboxClient, props: TabProps = {}) => mountTab(ui, client, props).host;

const bellOf = (host: HTMLElement) => waitFor(() => host.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]'));
const itemsOf = (host: HTMLElement) => host.querySelectorAll<HTMLElement>('[data-inbox-slot="item"]');

describe('request budget', () => {
  it('opening the app with the bell: one count request for the badge and one list page, nothing repeated', async () => {
    const { client, log, settled } = countedService();
    const host = render(<Inbox />, client);
    await waitFor(() => host.querySelector('[data-inbox-slot="badge"]'));
    await settled();
    expect(log.filter(isCount), log.join('\n')).toHaveLength(1);
    expect(log.filter(isPlainList), log.join('\n')).toHaveLength(1);
    expect(log, log.join('\n')).toHaveLength(2);
  });

  it('opening the popover: no new reads when the first page is fresh (only the seen-on-view write)', async () => {
    const { client, log, settled } = countedService();
    const host = render(<Inbox />, client);
    const bell = await bellOf(host);
    await waitFor(() => host.querySelector('[data-inbox-slot="badge"]'));
    await settled();
    const mark = log.length;
    await userEvent.click(bell);
    await waitFor(() => itemsOf(host).length > 3);
    await settled();
    const after = log.slice(mark);
    expect(after.filter((entry) => entry.startsWith('GET')), after.join('\n')).toEqual([]);
    // Showing unseen notifications marks them seen: one batched write.
    expect(after.filter((entry) => entry.startsWith('POST notifications/seen')).length, after.join('\n')).toBeLessThanOrEqual(1);
  });

  it('marking one read, then unread: exactly one request each, nothing refetched, the badge moved locally', async () => {
    const { client, log, settled } = countedService();
    const host = render(<Inbox defaultOpen />, client);
    await waitFor(() => itemsOf(host).length > 3);
    await settled();
    const badge = () => Number(host.querySelector('[data-inbox-slot="badge"]')?.textContent);
    const before = badge();
    expect(before).toBeGreaterThan(1);
    const item = [...itemsOf(host)].find((element) => element.dataset.state === 'unread');
    if (!item) throw new Error('no unread notification');
    const id = item.getAttribute('aria-labelledby');
    let mark = log.length;
    await userEvent.click(item.querySelector('[data-inbox-slot="item-toggle"]') as HTMLElement);
    await waitFor(() => host.querySelector(`[aria-labelledby="${id}"]`)?.getAttribute('data-state') === 'read');
    await settled();
    expect(log.slice(mark), log.slice(mark).join('\n')).toEqual([expect.stringMatching(/^PATCH notifications\/[^/]+\/read$/)]);
    expect(badge()).toBe(before - 1);
    mark = log.length;
    await userEvent.click(host.querySelector(`[aria-labelledby="${id}"] [data-inbox-slot="item-toggle"]`) as HTMLElement);
    await waitFor(() => host.querySelector(`[aria-labelledby="${id}"]`)?.getAttribute('data-state') === 'unread');
    await settled();
    expect(log.slice(mark), log.slice(mark).join('\n')).toEqual([expect.stringMatching(/^PATCH notifications\/[^/]+\/unread$/)]);
    expect(badge()).toBe(before);
  });

  it('on the Unread tab, marking one read drops it with one request, and the next page continues the service’s list', async () => {
    const { client, log, service, settled } = countedService({ messages: 120 });
    for (const message of service.data.messages) Object.assign(message, { read: false, seen: true });
    const host = render(<Inbox variant="embedded" defaultFilter="unread" />, client);
    await waitFor(() => itemsOf(host).length > 3);
    await settled();
    const mark = log.length;
    const first = itemsOf(host)[0] as HTMLElement;
    await userEvent.click(first.querySelector('[data-inbox-slot="item-toggle"]') as HTMLElement);
    await settled();
    expect(log.slice(mark), log.slice(mark).join('\n')).toEqual([expect.stringMatching(/^PATCH notifications\/[^/]+\/read$/)]);
    // Load everything: the list is the service's, with nothing skipped and nothing twice.
    for (let i = 0; i < 30 && !host.textContent?.includes('That’s everything.'); i++) {
      (host.querySelector('[data-inbox-slot="feed-end"] button') as HTMLButtonElement | null)?.click();
      await settled();
    }
    // A skipped item would leave the list one short; a repeat is dropped, so the size is the service's.
    const truth = service.feedOf('sub_ada', { read: false });
    expect(host.querySelector('[data-inbox-slot="item"]')?.getAttribute('aria-setsize')).toBe(String(truth.length));
  });

  it('“Mark all as read”: one request where the service has mark-all', async () => {
    const { client, log, settled } = countedService();
    const host = render(<Inbox variant="embedded" />, client);
    await waitFor(() => itemsOf(host).length > 3);
    await settled();
    const mark = log.length;
    await userEvent.click(host.querySelector('[data-inbox-slot="header-actions"] [data-inbox-slot="text-button"]') as HTMLElement);
    await waitFor(() => [...itemsOf(host)].every((element) => element.dataset.state === 'read'));
    await settled();
    expect(log.slice(mark), log.slice(mark).join('\n')).toEqual(['POST notifications/read']);
  });

  it('archive, snooze, delete (after its undo window) and each bulk action: one request each, nothing refetched', async () => {
    // Wide, with a pointer: each action is a button of its own on hover.
    await page.viewport(1280, 900);
    const { client, log, settled } = countedService();
    const host = render(<Inbox variant="embedded" />, client, { undoMs: 300 });
    await waitFor(() => itemsOf(host).length > 5);
    await settled();
    /** What one action sends, once it has settled (a row that comes into view is marked seen: not the action's). */
    const cost = async (act: () => Promise<unknown>, done: () => boolean) => {
      const mark = log.length;
      await act();
      await waitFor(done);
      await settled();
      return log.slice(mark).filter((entry) => entry !== 'POST notifications/seen');
    };
    const first = () => itemsOf(host)[0] as HTMLElement;
    const tool = async (name: string) => {
      const row = first();
      await userEvent.hover(row);
      return row.querySelector<HTMLElement>(`[data-inbox-slot="item-tools-wide"] [aria-label="${name}"]`)!;
    };
    let count = itemsOf(host).length;
    expect(await cost(async () => userEvent.click(await tool('Archive')), () => itemsOf(host).length === count - 1)).toEqual([expect.stringMatching(/^PATCH notifications\/[^/]+\/archive$/)]);
    count = itemsOf(host).length;
    const snoozed = await cost(
      async () => {
        await userEvent.click(await tool('Snooze'));
        await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[role="menu"] [role="menuitem"]')));
      },
      () => itemsOf(host).length === count - 1,
    );
    expect(snoozed).toEqual([expect.stringMatching(/^PATCH notifications\/[^/]+\/snooze$/)]);
    count = itemsOf(host).length;
    expect(await cost(async () => userEvent.click(await tool('Delete')), () => itemsOf(host).length === count - 1)).toEqual([expect.stringMatching(/^DELETE notifications\/[^/]+$/)]);
    for (const [label, request] of [['Archive read', 'POST notifications/read-archive'], ['Archive all', 'POST notifications/archive']]) {
      const sent = await cost(
        async () => {
          await userEvent.click(host.querySelector<HTMLElement>('[aria-label="More options"]')!);
          await userEvent.click(await waitFor(() => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === label)));
        },
        () => label === 'Archive read' || itemsOf(host).length === 0,
      );
      expect(sent).toEqual([request]);
    }
  });

  it('“Mark all as read” on a v1 service without mark-all: one change from the browser, sent again under its key while the proxy marks a batch of 100 a request (at most 3 upstream requests each)', async () => {
    const { client, log, service, upstream, settled } = countedService({ proxied: true, notificationsV2: false, markAll: false, messages: 250 });
    for (const message of service.data.messages) Object.assign(message, { read: false });
    const host = render(<Inbox variant="embedded" />, client);
    await waitFor(() => itemsOf(host).length > 3);
    await settled();
    const mark = log.length;
    const upstreamMark = upstream.length;
    await userEvent.click(host.querySelector('[data-inbox-slot="header-actions"] [data-inbox-slot="text-button"]') as HTMLElement);
    await waitFor(() => service.feedOf('sub_ada', { read: false }).length === 0, 10_000);
    await settled();
    const after = log.slice(mark);
    // 250 unread, 100 a request: the proxy answers 409 "go on" twice, and the client sends the same
    // change again under its idempotency key (its retries), then the counts the mark did not settle, if any.
    const marks = after.filter((entry) => entry === 'POST notifications/read');
    expect(marks, after.join('\n')).toHaveLength(3);
    expect(after.length - marks.length, after.join('\n')).toBeLessThanOrEqual(2);
    // The proxy: mark-all (404, remembered), then a listing of the newest 100 unread and a mark-as of them, three times.
    const sent = upstream.slice(upstreamMark);
    expect(sent.filter((entry) => entry === 'POST messages/mark-as'), sent.join('\n')).toHaveLength(3);
    expect(sent.filter((entry) => entry.startsWith('GET notifications/feed')), sent.join('\n')).toHaveLength(3);
    expect(sent.filter((entry) => entry.includes('notifications') && !entry.includes('feed') && !entry.includes('messages')), sent.join('\n')).toEqual([]);
    // Never more than the ceiling of 3 upstream requests for one browser request.
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3 * after.length);
  });

  it('scrolling to the 500th notification: at most 8 list requests (pages grow as the reader scrolls)', async () => {
    const { client, log } = countedService({ messages: 600 });
    const host = render(<Inbox variant="embedded" />, client);
    await waitFor(() => itemsOf(host).length > 3);
    // The furthest row drawn (rows are windowed: those far above are not in the page).
    const reached = () => Math.max(0, ...[...host.querySelectorAll('[aria-posinset]')].map((row) => Number(row.getAttribute('aria-posinset'))));
    for (let i = 0; i < 200; i++) {
      if (reached() >= 500) break;
      window.scrollTo(0, document.documentElement.scrollHeight);
      await sleep(30);
    }
    expect(reached()).toBeGreaterThanOrEqual(500);
    // The requests it took to load the 500th (the list then loads ahead, as it always does near its end).
    const pages = log.filter(isPlainList);
    let loaded = 0;
    const reaching = pages.findIndex((entry) => (loaded += Number(/limit=(\d+)/.exec(entry)?.[1] ?? 0)) >= 500);
    expect(reaching + 1, pages.join('\n')).toBeGreaterThan(0);
    expect(reaching + 1, pages.join('\n')).toBeLessThanOrEqual(8);
    // The first page stays small; the next ones follow by cursor.
    expect(pages[0]).toMatch(/limit=20\b/);
    expect(pages.slice(1).every((entry) => /after=/.test(entry)), pages.join('\n')).toBe(true);
    window.scrollTo(0, 0);
  });

  it('idle and visible: one request per poll interval when nothing changes', async () => {
    const { client, log } = countedService();
    const host = render(<Inbox />, client, { pollInterval: 500 });
    await waitFor(() => host.querySelector('[data-inbox-slot="badge"]'));
    const idle = await polls(log, 5);
    expect(idle.requests.every(isCount), idle.requests.join('\n')).toBe(true);
    // One a poll: five polls take at least four intervals (a loaded machine only makes them later).
    expect(idle.took).toBeGreaterThanOrEqual(4 * 500 * 0.9);
  });

  it('ten tabs open: still one poller, and every tab hears what it found', async () => {
    const { client, log, service } = countedService();
    const hosts = Array.from({ length: 10 }, () => render(<Inbox />, client, { pollInterval: 500, crossTab: true }));
    await waitFor(() => hosts.every((host) => host.querySelector('[data-inbox-slot="badge"]')));
    // Ten pollers would send ten requests an interval; one sends one.
    const idle = await polls(log, 5);
    expect(idle.took, idle.requests.join('\n')).toBeGreaterThanOrEqual(4 * 500 * 0.9);
    // Something new arrives: every tab's badge shows it, from the one poller.
    const before = hosts.map((host) => host.querySelector('[data-inbox-slot="badge"]')?.textContent);
    // Straight to the service, not through the counted client.
    await createInboxAdminClient({ baseUrl: BASE, apiKey: service.apiKey, dangerouslyAllowBrowser: true, fetch: (input, init) => service.handle(new Request(input, init)) }).broadcast({
      name: 'product-announcement',
      payload: { title: 'New', body: 'Hello', url: '/' },
    });
    await waitFor(() => hosts.every((host, i) => host.querySelector('[data-inbox-slot="badge"]')?.textContent !== before[i]), 3_000);
  });

  it('a tab that shows no count (only preferences) does not take the polling from a tab with a bell', async () => {
    const { client, log } = countedService();
    const settings = render(<PreferencesPanel />, client, { pollInterval: 500, crossTab: true });
    await waitFor(() => settings.querySelector('[role="switch"]'));
    const host = render(<Inbox />, client, { pollInterval: 500, crossTab: true });
    await waitFor(() => host.querySelector('[data-inbox-slot="badge"]'));
    // The polls go on (a tab without a count as poller would send none).
    const idle = await polls(log, 4);
    expect(idle.requests.filter(isCount).length, idle.requests.join('\n')).toBeGreaterThanOrEqual(4);
  });

  it('after a failure: the client’s retries, then nothing until the next poll', async () => {
    let failing = true;
    const { client, log, settled } = countedService({
      retry: { retries: 2, baseDelayMs: 50 },
      answer: (request) => (failing && new URL(request.url).pathname.endsWith('/notifications/count') ? new Response('busy', { status: 503 }) : undefined),
    });
    const host = render(<Inbox />, client);
    await bellOf(host);
    await waitFor(() => log.filter(isCount).length >= 3);
    // No poll is set here: once the retries are done, nothing more is sent.
    await settled();
    expect(log.filter(isCount), log.join('\n')).toHaveLength(3);
    failing = false;
  });
});
