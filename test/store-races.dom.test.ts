/** Races in the store a review found: each fails without its fix. A fake service with gates decides the order. */
import { InfiniteQueryObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import type { FeedPage, GetFeedParams, InboxClient, MarkAsValue } from '../src/client/index';
import { describe, expect, it, vi } from 'vitest';
import { createInboxStore } from '../src/queries/store';
import { feedOptions, countsOptions } from '../src/queries/options';
import { normalizeFilter } from '../src/queries/keys';
import { flattenFeed } from '../src/queries/updaters';

interface Item {
  _id: string;
  read: boolean;
  seen: boolean;
  createdAt: string;
  payload: Record<string, unknown>;
  cta: Record<string, unknown>;
  content: string;
}
type Feed = InfiniteData<FeedPage, unknown>;

/** Notifications newest first; `gate(kind)` holds the next 100-item (count) answer until released. */
function fakeService(n: number) {
  let t = 1000;
  const items: Item[] = [];
  const make = (): Item => ({ _id: `m${String(t).padStart(5, '0')}`, read: false, seen: false, createdAt: new Date(Date.UTC(2026, 0, 1) + t++ * 1000).toISOString(), payload: {}, cta: {}, content: 'x' });
  for (let i = 0; i < n; i++) items.unshift(make());
  const gates: { kind: string; resolve: () => void }[] = [];
  let gateNext: string | null = null;
  const mark = (m: Item, markAs: MarkAsValue) => {
    if (markAs === 'read' || markAs === 'unread') Object.assign(m, { read: markAs === 'read', seen: true });
    else m.seen = markAs === 'seen';
  };
  const client = {
    baseUrl: 'http://x',
    async getFeed(q: GetFeedParams) {
      const list = items.filter((m) => (q.read === undefined || m.read === q.read) && (q.seen === undefined || m.seen === q.seen));
      const limit = q.limit ?? 10;
      const page = q.page ?? 0;
      const snapshot = list.slice(page * limit, page * limit + limit).map((m) => ({ ...m }));
      const hasMore = list.length > (page + 1) * limit;
      if (gateNext && q.limit === 100) {
        const kind = gateNext;
        gateNext = null;
        await new Promise<void>((resolve) => gates.push({ kind, resolve }));
      }
      return { data: snapshot, hasMore, page, pageSize: limit, totalCount: undefined, invalidItems: [] };
    },
    async markAs(q: { messageId: string | readonly string[]; markAs: MarkAsValue }) {
      const out: Item[] = [];
      for (const id of typeof q.messageId === 'string' ? [q.messageId] : q.messageId) {
        const m = items.find((x) => x._id === id);
        if (!m) continue;
        mark(m, q.markAs);
        out.push({ ...m });
      }
      return out;
    },
    async markAll(q: { markAs: MarkAsValue }) {
      let changed = 0;
      for (const m of items) {
        if ((q.markAs === 'read' && !m.read) || (q.markAs === 'seen' && !m.seen)) {
          mark(m, q.markAs);
          changed++;
        }
      }
      return changed;
    },
  };
  return { items, client: client as unknown as InboxClient & typeof client, arrive: () => items.unshift(make()), gate: (kind: string) => (gateNext = kind), gates };
}

/** A connected store over a fake service of `n` notifications, and the All feed's options. */
function connected(n: number, options: { crossTab?: boolean; queryClient?: QueryClient } = {}) {
  const svc = fakeService(n);
  const qc = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const store = createInboxStore({ client: svc.client, subscriberId: 's', queryClient: qc, crossTab: options.crossTab ?? false });
  return { svc, qc, store, off: store.connect(), all: feedOptions(store, normalizeFilter({})) };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

/** As `connected`, with cross-tab sync on, and a channel standing for another tab of the app. */
function connectedTab(n: number) {
  const connection = connected(n, { crossTab: true });
  return { ...connection, otherTab: new BroadcastChannel(`inbox-kit:${connection.store.scope}`) };
}

/** The All feed loaded and the unread count observed (polled on demand), as a shown bell would. */
async function withCount<C extends ReturnType<typeof connected>>(connection: C) {
  await connection.qc.fetchInfiniteQuery(connection.all);
  const obs = new QueryObserver(connection.qc, countsOptions(connection.store, 'unread', 0));
  const un = obs.subscribe(() => {});
  await tick(); await tick();
  return { ...connection, obs, un };
}

/** Holds the service's mark-all answer until the returned function is called. */
function holdMarkAll(svc: ReturnType<typeof fakeService>): () => void {
  const markAll = svc.client.markAll;
  let release: (() => void) | undefined;
  svc.client.markAll = async (q: { markAs: MarkAsValue }) => {
    await new Promise<void>((resolve) => (release = resolve));
    return markAll(q);
  };
  return () => release?.();
}

/** Counts the service's count requests (its 100-item lists). */
function countRequests(svc: ReturnType<typeof fakeService>): { n: number } {
  const getFeed = svc.client.getFeed;
  const log = { n: 0 };
  svc.client.getFeed = (async (q: GetFeedParams) => {
    if (q.limit === 100) log.n++;
    return getFeed(q);
  }) as typeof getFeed;
  return log;
}

const readOf = (qc: QueryClient, key: readonly unknown[], id: string) => flattenFeed(qc.getQueryData<Feed>(key)).find((m) => m._id === id)?.read;

/**
 * A count is asked for while X is unread; X is then read on a phone and the feed is read again;
 * then the count lands. Returns whether the feed still shows X read.
 */
async function readElsewhereWhileCounting(queryClient?: QueryClient): Promise<boolean | undefined> {
  const { svc, qc, off, all, obs, un } = await withCount(connected(30, { queryClient }));
  const x = svc.items[0];
  if (!x) throw new Error('no notification');
  svc.gate('count');
  const poll = obs.refetch(); // counted now: X unread
  await tick();
  Object.assign(x, { read: true, seen: true }); // then read on a phone
  await qc.refetchQueries({ queryKey: all.queryKey }); await tick();
  expect(readOf(qc, all.queryKey, x._id)).toBe(true);
  svc.gates.forEach((g) => g.resolve()); await poll; await tick();
  const read = readOf(qc, all.queryKey, x._id);
  un(); off();
  return read;
}

describe('the store under races (from a review)', () => {
  it('a refetch after a new arrival keeps every notification (the shift is not reused)', async () => {
    const { svc, qc, store, off, all } = connected(60);
    const obs = new InfiniteQueryObserver(qc, all); const un = obs.subscribe(() => {});
    await tick(); await tick();
    svc.arrive();
    await qc.fetchQuery(countsOptions(store, 'unread', 0));
    await tick();
    await obs.fetchNextPage(); await tick();
    let ids = flattenFeed(qc.getQueryData<Feed>(all.queryKey)).map((m) => m._id);
    expect(ids).toEqual(svc.items.slice(0, ids.length).map((m) => m._id));
    await qc.refetchQueries({ queryKey: all.queryKey }); await tick();
    ids = flattenFeed(qc.getQueryData<Feed>(all.queryKey)).map((m) => m._id);
    const missing = svc.items.slice(0, ids.length).map((m) => m._id).filter((id) => !ids.includes(id));
    expect(missing).toEqual([]);
    un(); off();
  });

  it('an arrival reaches a feed loaded before it, even when another feed already holds it', async () => {
    const { svc, qc, store, off, all } = connected(30);
    const unread = feedOptions(store, normalizeFilter({ read: false }));
    await qc.fetchInfiniteQuery(all);
    await qc.fetchQuery(countsOptions(store, 'unread', 0)); await tick();
    svc.arrive();
    await qc.fetchInfiniteQuery(unread);
    await qc.fetchQuery({ ...countsOptions(store, 'unread', 0) }); await tick();
    const allIds = flattenFeed(qc.getQueryData<Feed>(all.queryKey)).map((m) => m._id);
    expect(allIds).toContain(svc.items[0]?._id);
    off();
  });

  it('a mark during the first count load leaves the count loaded', async () => {
    const { svc, qc, store, off, all } = connected(30);
    await qc.fetchInfiniteQuery(all);
    svc.gate('count');
    const obs = new QueryObserver(qc, countsOptions(store, 'unread', 30000)); const un = obs.subscribe(() => {});
    await tick();
    await store.markAs([svc.items[0]?._id ?? ''], 'read');
    svc.gates.forEach((g) => g.resolve());
    await tick(); await tick();
    const r = obs.getCurrentResult();
    await vi.waitFor(() => expect(obs.getCurrentResult().data?.count).toEqual({ value: 29, exact: true }));
    expect(r.status).not.toBe('error');
    un(); off();
  });

  it('a poll answered before a mark-all, arriving after it, is counted again', async () => {
    const { svc, qc, store, off, obs, un } = await withCount(connected(30));
    const releaseMarkAll = holdMarkAll(svc);
    const p = store.markAllAs('read');
    await tick();
    // poll starts while mark-all is in flight; service answers it before applying mark-all
    svc.gate('poll');
    const poll = obs.refetch();
    await tick();
    releaseMarkAll(); await p;
    svc.gates.forEach((g) => g.resolve());
    await poll; await tick();
    await vi.waitFor(() => expect(qc.getQueryData(countsOptions(store, 'unread').queryKey)?.count).toEqual({ value: 0, exact: true }));
    un(); off();
  });

  it('a poll answered while a mark-all is on its way does not show the marked ones unread again', async () => {
    const { svc, qc, store, off, all, obs, un } = await withCount(connected(30));
    const releaseMarkAll = holdMarkAll(svc);
    const unreadInFeed = () => flattenFeed(qc.getQueryData<Feed>(all.queryKey)).filter((m) => !m.read).length;
    const p = store.markAllAs('read');
    await tick();
    expect(unreadInFeed()).toBe(0);
    // A poll the service answers before it has applied the mark-all.
    await obs.refetch(); await tick(); await tick();
    expect(unreadInFeed()).toBe(0);
    releaseMarkAll(); await p; await tick();
    expect(unreadInFeed()).toBe(0);
    un(); off();
  });

  it('the first count, asked for before the store listened and answered before a mark, keeps the mark when it arrives', async () => {
    const svc = fakeService(30);
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    const store = createInboxStore({ client: svc.client, subscriberId: 's', queryClient: qc, crossTab: false });
    const all = feedOptions(store, normalizeFilter({}));
    await qc.fetchInfiniteQuery(all);
    svc.gate('count');
    // As in React: the children's effects (which start the count) run before the provider's (which connects).
    const obs = new QueryObserver(qc, countsOptions(store, 'unread', 30_000)); const un = obs.subscribe(() => {});
    await tick();
    const off = store.connect();
    const id = svc.items[0]?._id ?? '';
    await store.markAs([id], 'read');
    svc.gates.forEach((g) => g.resolve());
    await tick(); await tick();
    expect(flattenFeed(qc.getQueryData<Feed>(all.queryKey)).find((m) => m._id === id)?.read).toBe(true);
    await vi.waitFor(() => expect(obs.getCurrentResult().data?.count).toEqual({ value: 29, exact: true }));
    un(); off();
  });

  it('a count asked for before a feed was read again does not undo what the feed brought (read on another device)', async () => {
    const read = await readElsewhereWhileCounting();
    expect(read).toBe(true);
  });

  it('another tab\'s count arriving while a mark-all (of a payload) counts again does not show the marked ones unread', async () => {
    const { svc, qc, store, off, all, otherTab, un } = await withCount(connectedTab(30));
    const before = { kind: 'count', which: 'unread', data: qc.getQueryData(countsOptions(store, 'unread').queryKey), startedAt: Date.now() };
    const unreadInFeed = () => flattenFeed(qc.getQueryData<Feed>(all.queryKey)).filter((m) => !m.read).length;
    const getFeed = svc.client.getFeed;
    let release!: () => void;
    let held = false;
    svc.client.getFeed = (async (q: GetFeedParams) => {
      const answer = await getFeed(q);
      if (q.limit === 100 && !('payload' in q)) {
        held = true;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return answer;
    }) as typeof getFeed;
    const markAll = store.markAllAs('read', {});
    await vi.waitFor(() => expect(held).toBe(true)); // its closing recount is on its way
    otherTab.postMessage(before);
    await new Promise((r) => setTimeout(r, 50));
    expect(unreadInFeed()).toBe(0);
    release(); await markAll; await tick(); await tick();
    expect(unreadInFeed()).toBe(0);
    un(); otherTab.close(); off();
  });

  it('an older count from another tab does not undo a newer count of this tab\'s (read on another device)', async () => {
    const { svc, qc, store, off, all, otherTab } = connectedTab(30);
    await qc.fetchInfiniteQuery(all);
    const askedAt = Date.now();
    await qc.fetchQuery(countsOptions(store, 'unread', 0)); await tick();
    const older = { kind: 'count', which: 'unread', data: qc.getQueryData(countsOptions(store, 'unread').queryKey), startedAt: askedAt + 1 };
    const x = svc.items[0];
    if (!x) throw new Error('no notification');
    Object.assign(x, { read: true, seen: true });
    await new Promise((r) => setTimeout(r, 10));
    await qc.refetchQueries({ queryKey: countsOptions(store, 'unread').queryKey }); await tick();
    expect(readOf(qc, all.queryKey, x._id)).toBe(true);
    otherTab.postMessage(older); await tick(); await tick();
    expect(readOf(qc, all.queryKey, x._id)).toBe(true);
    otherTab.close(); off();
  });

  it('a clock set back does not make the counts ask again and again, and new notifications still arrive', async () => {
    const { svc, qc, off, all, obs, un } = await withCount(connected(30));
    const log = countRequests(svc);
    const now = Date.now;
    const setBack = vi.spyOn(Date, 'now').mockImplementation(() => now() - 3_600_000);
    try {
      svc.arrive();
      await obs.refetch(); await tick(); await tick();
      expect(log.n).toBe(1);
      expect(flattenFeed(qc.getQueryData<Feed>(all.queryKey))[0]?._id).toBe(svc.items[0]?._id);
    } finally {
      setBack.mockRestore();
      un(); off();
    }
  });

  it('ten tabs counting at once (reconnect, a refresh) ask once each, whatever order the answers come in', async () => {
    const svc = fakeService(30);
    const log = countRequests(svc);
    const getFeed = svc.client.getFeed;
    svc.client.getFeed = (async (q: GetFeedParams) => {
      const answer = await getFeed(q);
      await new Promise((r) => setTimeout(r, Math.random() * 40));
      return answer;
    }) as typeof getFeed;
    const tabs = Array.from({ length: 10 }, () => {
      const qc = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
      const store = createInboxStore({ client: svc.client, subscriberId: 's', queryClient: qc, crossTab: true });
      const off = store.connect();
      const obs = new QueryObserver(qc, countsOptions(store, 'unread', 60_000));
      return { qc, store, off, un: obs.subscribe(() => {}) };
    });
    await vi.waitFor(() => expect(tabs.every((t) => t.qc.isFetching() === 0)).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(log.n).toBe(10);
    log.n = 0;
    for (const tab of tabs) {
      void tab.qc.invalidateQueries({ queryKey: countsOptions(tab.store, 'unread').queryKey });
      await new Promise((r) => setTimeout(r, 1));
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(log.n).toBe(10);
    for (const tab of tabs) { tab.un(); tab.off(); }
  });

  it('an app\'s QueryClient with its own key hashing keeps a feed asked for after a count from being undone by it', async () => {
    const read = await readElsewhereWhileCounting(new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, queryKeyHashFn: (key) => `h:${JSON.stringify(key)}` } } }));
    expect(read).toBe(true);
  });

  it('an own count that lands after a newer one from another tab leaves the newer one on the badge', async () => {
    const { svc, qc, off, all, otherTab, obs, un } = await withCount(connectedTab(30));
    svc.gate('count');
    const own = obs.refetch(); // asked for now: 30 unread
    await tick();
    svc.arrive();
    const newer = { count: { value: 31, exact: true }, items: svc.items.slice(0, 31).map((m) => ({ ...m })), complete: true };
    otherTab.postMessage({ kind: 'count', which: 'unread', data: newer, startedAt: Date.now() + 1 });
    await vi.waitFor(() => expect(obs.getCurrentResult().data?.count.value).toBe(31));
    svc.gates.forEach((g) => g.resolve()); await own; await tick();
    expect(obs.getCurrentResult().data?.count.value).toBe(31);
    expect(flattenFeed(qc.getQueryData<Feed>(all.queryKey))[0]?._id).toBe(svc.items[0]?._id);
    un(); otherTab.close(); off();
  });
});
