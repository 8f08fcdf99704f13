/**
 * Races a review found in the old store (one cache written by every answer, ordered by clocks),
 * each kept as a scenario against the table of notifications, through the hooks, against the
 * reference service in both dialects. A request or its answer is held to decide the order.
 */
import { isCancelledError, QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCounts, useFeed, useMarkAllAs, useMarkAs } from 'inbox-kit';
import type { TabMessage } from '../src/queries/tab-relay';
import { MARK_ALL_PATH, V2 } from './helpers/dialect';
import { inboxWrapper, settle, setupMockService, SUBSCRIBER, testClient, type WrapperProps } from './helpers/inbox';

const service = setupMockService({ messages: 30 });
beforeEach(() => {
  service.reset();
  for (const message of service.data.messages) Object.assign(message, { read: false, seen: false });
});

type Match = (url: string, method: string) => boolean;
/** The count request: v2's count route, or v1's list of the first 100. */
const isCount: Match = (url, method) => method === 'GET' && (V2 ? /\/count\?/.test(url) : /limit=100\b/.test(url));
const isMarkAll: Match = (url) => MARK_ALL_PATH.test(new URL(url).pathname);

/** A client whose next request matching a test can be held on its way (`request`) or after the service answered it (`answer`). */
function gatedClient() {
  const holds: { match: Match; when: 'request' | 'answer'; released: Promise<void>; caught?: boolean }[] = [];
  const log: string[] = [];
  const gated: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    log.push(`${method} ${url}`);
    const hold = holds.find((h) => h.match(url, method));
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      hold.caught = true;
    }
    if (hold?.when === 'request') await hold.released;
    const response = await fetch(input, init);
    if (hold?.when === 'answer') await hold.released;
    return response;
  };
  /** Holds the next matching request; the function returned lets it go, and fails the test when none was caught (no race happened). */
  const hold = (match: Match, when: 'request' | 'answer') => {
    let release!: () => void;
    const entry: (typeof holds)[number] = { match, when, released: new Promise<void>((resolve) => (release = resolve)) };
    holds.push(entry);
    return () => {
      expect(entry.caught, 'the held request was sent').toBe(true);
      release();
    };
  };
  return { client: testClient(service, { fetch: gated }), hold, log };
}

const arrive = (title: string) =>
  service.handle(
    new Request(`${service.baseUrl}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'product-announcement', payload: { title, body: title } }),
    }),
  );
const truth = (filter: { read?: boolean } = {}) => service.feedOf(SUBSCRIBER, filter).map((n) => n._id);
const countsOf = (queryClient: QueryClient) => queryClient.refetchQueries({ queryKey: ['inbox-kit'], predicate: (query) => query.queryKey[3] === 'count' });

function open(props: WrapperProps = {}) {
  const gate = gatedClient();
  const { Wrapper, queryClient } = inboxWrapper(service, { client: gate.client, ...props });
  const view = renderHook(() => ({ all: useFeed({ limit: 10 }), unread: useFeed({ read: false, limit: 10 }), counts: useCounts({ include: ['unread'] }), markAs: useMarkAs(), markAll: useMarkAllAs() }), { wrapper: Wrapper });
  return { ...view, ...gate, queryClient };
}
const ids = (list: { notifications: { id: string }[] }) => list.notifications.map((n) => n.id);
const loaded = (view: ReturnType<typeof open>) => waitFor(() => expect(view.result.current.counts.unread && view.result.current.all.notifications.length && view.result.current.unread.notifications.length).toBeTruthy());

/**
 * A poll's count is held on its way; meanwhile the newest notification is read on another device
 * and this tab reads its lists again (which shows it read); then the older count arrives. Returns
 * that notification's id, once everything settled.
 */
async function readElsewhereUnderAHeldCount(view: ReturnType<typeof open>): Promise<string> {
  const x = view.result.current.all.notifications[0]!.id;
  const release = view.hold(isCount, 'answer');
  const poll = countsOf(view.queryClient);
  await new Promise((resolve) => setTimeout(resolve, 20));
  Object.assign(service.data.messages.find((m) => m._id === x)!, { read: true, seen: true });
  await act(() => view.result.current.all.refetch());
  await waitFor(() => expect(view.result.current.all.notifications.find((n) => n.id === x)?.isRead).toBe(true));
  release();
  await act(() => poll);
  await settle(view.queryClient);
  return x;
}

describe(`races (${V2 ? 'v2' : 'v1'})`, () => {
  it('a list read again after a new arrival keeps every notification, the next page included', async () => {
    const view = open();
    await loaded(view);
    await act(() => view.result.current.all.fetchNextPage());
    await arrive('Arrived');
    await act(() => countsOf(view.queryClient));
    await waitFor(() => expect(ids(view.result.current.all)[0]).toBe(truth()[0]));
    await act(() => view.result.current.all.fetchNextPage());
    await waitFor(() => expect(ids(view.result.current.all)).toEqual(truth().slice(0, ids(view.result.current.all).length)));
    await act(() => view.queryClient.refetchQueries({ type: 'active' }));
    await settle(view.queryClient);
    // Two pages hold them all: nothing missed, nothing twice.
    expect(view.result.current.all.hasMore).toBe(false);
    expect(ids(view.result.current.all)).toEqual(truth());
  });

  it('an arrival reaches a list loaded before it, when another list already holds it', async () => {
    const view = open();
    await loaded(view);
    await arrive('Arrived');
    await act(() => view.result.current.unread.refetch());
    await waitFor(() => expect(ids(view.result.current.unread)[0]).toBe(truth()[0]));
    expect(ids(view.result.current.all)[0]).toBe(truth()[0]);
  });

  it('a change made while the first count is on its way leaves the count loaded and right', async () => {
    const gate = gatedClient();
    const release = gate.hold(isCount, 'answer');
    const { Wrapper, queryClient } = inboxWrapper(service, { client: gate.client });
    const { result } = renderHook(() => ({ all: useFeed({ limit: 10 }), counts: useCounts({ include: ['unread'] }), markAs: useMarkAs() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.all.notifications.length).toBeGreaterThan(0));
    const target = result.current.all.notifications[0]!.id;
    await act(() => result.current.markAs.mutateAsync({ notificationId: target, markAs: 'read' }));
    release();
    await settle(queryClient);
    await waitFor(() => expect(result.current.counts.unread).toEqual({ value: truth({ read: false }).length, exact: true }));
    expect(result.current.counts.error).toBeNull();
    expect(result.current.all.notifications.find((n) => n.id === target)?.isRead).toBe(true);
  });

  it('a poll answered before “mark all as read”, arriving after it, does not bring the count back', async () => {
    const view = open();
    await loaded(view);
    const releasePoll = view.hold(isCount, 'answer');
    const poll = countsOf(view.queryClient);
    await act(() => view.result.current.markAll.mutateAsync());
    releasePoll();
    await act(() => poll);
    await settle(view.queryClient);
    await waitFor(() => expect(view.result.current.counts.unread).toEqual({ value: 0, exact: true }));
    expect(view.result.current.all.notifications.every((n) => n.isRead)).toBe(true);
  });

  it('a poll answered while “mark all as read” is on its way does not show the marked ones unread again', async () => {
    const view = open();
    await loaded(view);
    const releaseMarkAll = view.hold(isMarkAll, 'request');
    let marking!: Promise<unknown>;
    act(() => void (marking = view.result.current.markAll.mutateAsync()));
    await waitFor(() => expect(view.result.current.all.notifications.every((n) => n.isRead)).toBe(true));
    await act(() => countsOf(view.queryClient));
    expect(view.result.current.all.notifications.every((n) => n.isRead)).toBe(true);
    expect(view.result.current.unread.notifications).toEqual([]);
    expect(view.result.current.counts.unread?.value).toBe(0);
    releaseMarkAll();
    await act(() => marking);
    await settle(view.queryClient);
    expect(view.result.current.all.notifications.every((n) => n.isRead)).toBe(true);
  });

  it('the first count, answered before a change and arriving after it, keeps the change', async () => {
    const gate = gatedClient();
    const release = gate.hold(isCount, 'answer');
    const { Wrapper, queryClient } = inboxWrapper(service, { client: gate.client });
    const { result } = renderHook(() => ({ all: useFeed({ limit: 10 }), counts: useCounts({ include: ['unread'] }), markAs: useMarkAs() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.all.notifications.length).toBeGreaterThan(0));
    // The count's answer is made now; the change is made and answered before it arrives.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const target = result.current.all.notifications[0]!.id;
    await act(() => result.current.markAs.mutateAsync({ notificationId: target, markAs: 'read' }));
    release();
    await settle(queryClient);
    expect(result.current.all.notifications.find((n) => n.id === target)?.isRead).toBe(true);
    await waitFor(() => expect(result.current.counts.unread).toEqual({ value: truth({ read: false }).length, exact: true }));
  });

  it('a count asked before a list was read again does not undo what the list brought (read on another device)', async () => {
    const view = open();
    await loaded(view);
    const x = await readElsewhereUnderAHeldCount(view);
    expect(view.result.current.all.notifications.find((n) => n.id === x)?.isRead).toBe(true);
    expect(ids(view.result.current.unread)).not.toContain(x);
  });

  it('what another tab read before this tab’s “mark all as read” does not show the marked ones unread', async () => {
    const view = open({ crossTab: true });
    await loaded(view);
    const scope = String(view.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] })[0]?.queryKey[1]);
    const otherTab = new BroadcastChannel(`inbox-kit:${scope}`);
    const before = view.result.current.all.notifications;
    await act(() => view.result.current.markAll.mutateAsync());
    // The polling tab's read from before it heard of the change (it acknowledges none of this tab's).
    otherTab.postMessage({ v: 1, kind: 'rows', head: { rows: before, acks: {} } } satisfies TabMessage);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.result.current.all.notifications.every((n) => n.isRead)).toBe(true);
    await settle(view.queryClient);
    expect(view.result.current.all.notifications.every((n) => n.isRead)).toBe(true);
    expect(view.result.current.counts.unread).toEqual({ value: 0, exact: true });
    // The channel is the right one: a notification the polling tab read that this tab never saw is taken.
    const newer = { ...before[0]!, id: 'relayed-newer', createdAt: '2999-01-01T00:00:00.000Z', isRead: false };
    otherTab.postMessage({ v: 1, kind: 'rows', head: { rows: [newer], acks: {} } } satisfies TabMessage);
    await waitFor(() => expect(ids(view.result.current.all)[0]).toBe('relayed-newer'));
    otherTab.close();
  });

  it('a count another tab took before this tab’s own, arriving after it, is corrected by the next poll', async () => {
    // Ordered by arrival, not by a clock: the tab that polls is the one that reads, so a count of
    // its own is rare in a tab that does not poll (its first), and the next poll settles it.
    const view = open({ crossTab: true });
    await loaded(view);
    const scope = String(view.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] })[0]?.queryKey[1]);
    const otherTab = new BroadcastChannel(`inbox-kit:${scope}`);
    const right = truth({ read: false }).length;
    otherTab.postMessage({ v: 1, kind: 'count', filters: [{ read: false, snoozed: false }], counts: [right + 5], capped: [false], acks: {} } satisfies TabMessage);
    await waitFor(() => expect(view.result.current.counts.unread?.value).toBe(right + 5));
    await act(() => countsOf(view.queryClient));
    await waitFor(() => expect(view.result.current.counts.unread?.value).toBe(right));
    otherTab.close();
  });

  it('the clock set back an hour changes nothing: one count a poll, and new notifications still arrive', async () => {
    const view = open();
    await loaded(view);
    await settle(view.queryClient);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now - 3_600_000);
    try {
      const mark = view.log.length;
      await arrive('Arrived');
      await act(() => countsOf(view.queryClient));
      await waitFor(() => expect(ids(view.result.current.all)[0]).toBe(truth()[0]));
      await settle(view.queryClient);
      expect(view.log.slice(mark).filter((entry) => isCount(entry.split(' ')[1]!, 'GET'))).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('ten tabs counting at once ask once each, whatever order the answers come in, and again once each when told to', async () => {
    const log: string[] = [];
    const slow: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (isCount(url, init?.method ?? 'GET')) log.push(url);
      const response = await fetch(input, init);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      return response;
    };
    const tabs = Array.from({ length: 10 }, () => {
      const { Wrapper, queryClient } = inboxWrapper(service, { client: testClient(service, { fetch: slow }), crossTab: true });
      return { queryClient, ...renderHook(() => useCounts({ include: ['unread'] }), { wrapper: Wrapper }) };
    });
    await waitFor(() => expect(tabs.every((tab) => tab.result.current.unread)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(log).toHaveLength(10);
    log.length = 0;
    for (const tab of tabs) void tab.queryClient.invalidateQueries({ queryKey: ['inbox-kit'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log).toHaveLength(10);
  });

  it('an app’s QueryClient with its own key hashing keeps what a list brought over an older count', async () => {
    const view = open({ queryClient: new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, queryKeyHashFn: (key) => `h:${JSON.stringify(key)}` } } }) });
    await loaded(view);
    const x = await readElsewhereUnderAHeldCount(view);
    expect(view.result.current.all.notifications.find((n) => n.id === x)?.isRead).toBe(true);
    expect(ids(view.result.current.unread)).not.toContain(x);
  });

  it('a count of this tab’s own that lands after the polling tab’s newer one leaves the newer one on the badge', async () => {
    const view = open({ crossTab: true });
    await loaded(view);
    const scope = String(view.queryClient.getQueryCache().findAll({ queryKey: ['inbox-kit'] })[0]?.queryKey[1]);
    const otherTab = new BroadcastChannel(`inbox-kit:${scope}`);
    const release = view.hold(isCount, 'answer');
    // Its own count is cancelled when the polling tab's is taken; any other failure fails the test.
    const own = countsOf(view.queryClient).catch((error: unknown) => {
      if (!isCancelledError(error)) throw error;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await arrive('Arrived');
    const newer = truth({ read: false }).length;
    otherTab.postMessage({ v: 1, kind: 'count', filters: [{ read: false, snoozed: false }], counts: [newer], capped: [false], acks: {} } satisfies TabMessage);
    await waitFor(() => expect(view.result.current.counts.unread?.value).toBe(newer));
    release();
    await act(() => own);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.result.current.counts.unread?.value).toBe(newer);
    otherTab.close();
  });
});
