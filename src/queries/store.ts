/**
 * Everything the hooks share for one subscriber: optimistic mark-as across
 * every cached feed and the counts, seen-on-view batching, preference toggles
 * (preference-actions), button clicks (message-actions),
 * polling for new notifications, and cross-tab sync. Free of React.
 */
import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import { partialMatch, type InboxV1Client, type MarkAsValue, type MarkedMessage } from '../client/index';
import type { StoredItem } from './stored-item';
import type { CountData, CountKind } from './counts';
import { newIdempotencyKey } from '../client/http';
import { createIntentQueue } from './intents';
import { createMarkEverything, MARK_AS_BATCH } from './mark-everything';
import { inboxKeys, scopeOf, type NormalizedFeedFilter } from './keys';
import type { QueryContext } from './options';
import { flagsAfter, flagsOf, isNewer, needsMark, setFlagsInFeed, shiftCountData, type FeedData, type Flags } from './updaters';
import { createMessageActions, type MessageActions } from './message-actions';
import { FIRST_PAGE } from './page-plan';
import { createPollerElection, type PollerElection } from './poller';
import { emptyPage } from './unknown-subscriber';
import { createPreferenceActions, type PreferenceActions } from './preference-actions';
import { createSeenBatch } from './seen-batch';

export interface InboxStoreOptions {
  client: InboxV1Client;
  subscriberId: string;
  queryClient: QueryClient;
  /** How long seen-on-view collects ids before it sends them in one request, in ms. Default 300. */
  seenBatchMs?: number;
  /** Share changes with the app's other tabs through BroadcastChannel. Default true. */
  crossTab?: boolean;
}

export interface MarkAllResult {
  /** Messages the service changed. */
  marked: number;
}

type TabMessage =
  | { kind: 'flags'; changes: [string, Flags][] }
  /** `startedAt`: when the count was asked for (`Date.now()`, one clock for the browser's tabs). */
  | { kind: 'count'; which: CountKind; data: CountData; startedAt: number }
  | { kind: 'markedAll'; markAs: 'read' | 'seen' }
  | { kind: 'preferences' }
  | { kind: 'refresh' };

const KINDS: readonly CountKind[] = ['unread', 'unseen'];

export interface InboxStore extends QueryContext, MessageActions, PreferenceActions {
  queryClient: QueryClient;
  /** Marks messages, optimistically everywhere; the last intent per message wins. */
  markAs(ids: readonly string[], markAs: MarkAsValue): Promise<MarkedMessage[]>;
  /**
   * Marks every matching message read or seen: in one mark-all request when the service has it,
   * else 100 at a time with mark-as; resumable after a failure.
   */
  markAllAs(markAs: 'read' | 'seen', payload?: Record<string, unknown>, onProgress?: (marked: number) => void): Promise<MarkAllResult>;
  /** Queues an id to be marked seen with others in one request. */
  markSeenSoon(id: string): void;
  /** Marks every unseen notification the caches hold (what the inbox shows) seen, in one request. */
  markShownSeen(): Promise<void>;
  /** Reads everything again, here and in the other tabs (after a broadcast, say). */
  refreshEverywhere(): Promise<void>;
  /**
   * Which tab polls. With `crossTab`, one visible tab of the app with something that polls (elected
   * with the Web Locks API) does and tells the others what it found; without it, or without Web Locks, each does.
   */
  poller: PollerElection;
  /**
   * Starts listening to the query cache (new notifications, pages fetched during mutations) and to
   * the app's other tabs; returns the function that stops. Call it from an effect.
   */
  connect(): () => void;
}

export function createInboxStore(options: InboxStoreOptions): InboxStore {
  const { client, subscriberId, queryClient } = options;
  const scope = scopeOf(client.baseUrl, subscriberId);
  const feedsKey = inboxKeys.feeds(scope);
  const countsKey = inboxKeys.counts(scope);
  const countKey = (kind: CountKind) => inboxKeys.count(scope, kind);
  const preferencesKey = inboxKeys.preferences(scope);
  const allKey = inboxKeys.all(scope);
  const invalidate = (queryKey: QueryKey) => queryClient.invalidateQueries({ queryKey });
  /** Open while connected (see `connect`). */
  let channel: BroadcastChannel | undefined;

  function feedQueries(): [QueryKey, FeedData | undefined][] {
    return queryClient.getQueriesData<FeedData>({ queryKey: feedsKey });
  }

  /** Every notification the caches hold: the feeds' pages and the counts' newest. */
  function* cachedItems(): Generator<StoredItem> {
    for (const [, data] of feedQueries()) for (const page of data?.pages ?? []) yield* page.data;
    for (const kind of KINDS) yield* queryClient.getQueryData<CountData>(countKey(kind))?.items ?? [];
  }

  /**
   * The last state written of items that then left every cache (read on the Unread tab): the
   * service's answer to that write still needs their state to move the counts by.
   */
  const written = new Map<string, StoredItem>();

  /** Every cached copy of these items, by id. */
  function knownItems(ids: Iterable<string>): Map<string, StoredItem> {
    const wanted = new Set(ids);
    const found = new Map<string, StoredItem>();
    for (const item of cachedItems()) if (wanted.has(item._id) && !found.has(item._id)) found.set(item._id, item);
    for (const id of wanted) {
      const item = written.get(id);
      if (item && !found.has(id)) found.set(id, item);
    }
    return found;
  }

  /**
   * Flags written since a feed fetch started must survive its answer, which the service may have
   * computed before them: a journal of writes, and where each fetch in flight started in it.
   */
  let journalSeq = 0;
  const journal: { seq: number; id: string; flags: Flags }[] = [];
  /** Moves when everything is marked at once (no journal entry per item): a count fetched across it is stale. */
  let epoch = 0;
  /**
   * Each feed or count fetch in flight: where it started in the journal, in which epoch, and when
   * it was asked for (`Date.now()`, one clock for the browser's tabs; 0: not known).
   */
  const inFlight = new Map<string, { seq: number; epoch: number; at: number }>();
  /** When this tab last heard of a change the service applied. */
  let changedAt = 0;
  /** When what each feed holds was asked for, and the count of each kind brought in last: an older answer must not undo a newer one. */
  const feedAskedAt = new Map<string, number>();
  const applied: Partial<Record<CountKind, { at: number; data: CountData }>> = {};
  /** A time, or 0 when it is ahead of the clock (set back since): it would make everything look older than it until the clock caught up. */
  const past = (time: number) => (time > Date.now() ? 0 : time);

  /** Writes flags into every cached feed and, when asked, moves the counts by the difference. */
  function writeFlags(changes: ReadonlyMap<string, Flags>, adjustCounts: boolean): void {
    if (changes.size === 0) return;
    if (adjustCounts && inFlight.size > 0) for (const [id, flags] of changes) journal.push({ seq: ++journalSeq, id, flags });
    const known = knownItems(changes.keys());
    if (written.size > 1_000) written.clear();
    for (const [id, flags] of changes) {
      const item = known.get(id);
      if (item) written.set(id, { ...item, ...flags });
    }
    for (const [key, data] of feedQueries()) {
      if (!data) continue;
      const filter = filterOfKey(key);
      if (!filter) continue;
      const next = setFlagsInFeed(data, filter, changes, known);
      if (next !== data) writeFeed(key, next);
    }
    if (!adjustCounts) return;
    let unknown = false;
    for (const kind of KINDS) {
      queryClient.setQueryData<CountData>(countKey(kind), (data) => {
        if (!data) return data;
        let next = data;
        for (const [id, flags] of changes) {
          const before = known.get(id);
          if (before) next = shiftCountData(next, kind, before, flags);
          else unknown = true;
        }
        return withFlags(next, kind, changes);
      });
    }
    // A message no cache knows: its old state, and so the counts, are unknown.
    if (unknown) void invalidate(countsKey);
  }

  /**
   * A count fetch in flight would overwrite the optimistic counts: it is cancelled. Not one that has
   * no data yet: cancelled, it would go back to pending and stay empty until the next poll.
   */
  function cancelCounts(): Promise<void> {
    return queryClient.cancelQueries({ queryKey: countsKey, predicate: (query) => query.state.data !== undefined });
  }

  /**
   * Writes a feed and keeps it marked for refetching if it was: TanStack Query clears the mark (and
   * a failed refetch's error) on any write, and a marked feed holds flags the kit could not vouch
   * for (a change whose answer was lost) that this write does not correct. Hidden, it is read
   * again when next shown; shown, when the service next answers a poll (see `onCacheEvent`).
   */
  function writeFeed(key: QueryKey, next: FeedData): void {
    const marked = queryClient.getQueryState(key)?.isInvalidated;
    queryClient.setQueryData(key, next);
    if (marked) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }

  /** A count arrived while a change was on its way: it is fetched again when all have settled. */
  let recountWhenSettled = false;
  /** Marks-all on their way: like a change on its way, a count may predate what they have done so far. */
  let markingAll = 0;

  function refreshAfterMutations(failed: boolean): void {
    if (recountWhenSettled && !failed) void invalidate(countsKey);
    recountWhenSettled = false;
    // Done: the caches already hold what the service said, the counts moved with them, and the
    // filtered feeds' next pages start where their lists moved to. Nothing to refetch. After a
    // change with no clear answer the service may or may not have applied (a lost answer): refetch,
    // here and in the other tabs, which heard of the change and of its rollback.
    if (!failed) return;
    void invalidate(feedsKey);
    void invalidate(countsKey);
    post({ kind: 'refresh' });
  }

  /** Ids the service left out of a mark-as answer. */
  const skipped = new Set<string>();

  const messageIntents = createIntentQueue<Flags>({
    read: (id) => {
      const item = knownItems([id]).get(id);
      return item ? flagsOf(item) : undefined;
    },
    write: (changes) => writeFlags(changes, true),
    settled: refreshAfterMutations,
  });

  /**
   * The reader's changes, counted from the moment they are asked for: how many are on their way,
   * and how many were ever sent. A feed page read meanwhile may or may not show them (see feedOptions).
   */
  const changes = { pending: 0, sent: 0 };
  function counted<A extends unknown[], R>(run: (...args: A) => Promise<R>, weight: (...args: A) => number): (...args: A) => Promise<R> {
    return async (...args) => {
      const n = weight(...args);
      changes.pending += n;
      changes.sent += n;
      try {
        return await run(...args);
      } finally {
        changes.pending -= n;
      }
    };
  }

  const markAs = counted(sendMarks, (ids) => ids.length);

  async function sendMarks(ids: readonly string[], markAs: MarkAsValue): Promise<MarkedMessage[]> {
    const unique = [...new Set(ids)];
    const known = knownItems(unique);
    const target = new Map<string, Flags>();
    for (const id of unique) {
      const item = known.get(id);
      // Unknown items still go to the service; their cached state is settled by its answer.
      target.set(id, flagsAfter(item ?? { read: false, seen: false }, markAs));
    }
    // A counts fetch in flight would overwrite the optimistic counts. Feed fetches are left alone (a page
    // being loaded for infinite scroll stays wanted): pending intents are reapplied over what they bring.
    await cancelCounts();
    // Each batch keeps its key and its answer: sent again after an unclear answer, only the unanswered batches go, under their own keys.
    const batches: { messageId: string[]; idempotencyKey: string; answer?: MarkedMessage[] }[] = [];
    for (let start = 0; start < unique.length; start += MARK_AS_BATCH) batches.push({ messageId: unique.slice(start, start + MARK_AS_BATCH), idempotencyKey: newIdempotencyKey() });
    const messages = await messageIntents.run(target, async () => {
      for (const batch of batches) batch.answer ??= await client.markAs({ subscriberId, messageId: batch.messageId, markAs }, { idempotencyKey: batch.idempotencyKey });
      const result = batches.flatMap((batch) => batch.answer ?? []);
      const values = new Map<string, Flags>();
      for (const message of result) if (message._id) values.set(message._id, flagsOf(message));
      // An id the service left out of its answer was not changed by it (unknown, gone, or not this
      // subscriber's): it settles to what the cache had, and is never sent again on its own.
      for (const id of unique) {
        if (values.has(id)) skipped.delete(id);
        else skipped.add(id);
      }
      return { result, values };
    });
    post({ kind: 'flags', changes: messages.flatMap((m) => (m._id ? [[m._id, flagsOf(m)] as [string, Flags]] : [])) });
    return messages;
  }

  const markEverything = createMarkEverything(client, subscriberId);

  const markAllAs = counted(sendMarkAll, () => 1);

  async function sendMarkAll(markAs: 'read' | 'seen', payload?: Record<string, unknown>, onProgress?: (marked: number) => void): Promise<MarkAllResult> {
    const matches = (item: StoredItem) => needsMark(item, markAs) && (!payload || partialMatch(payload, item.payload));
    // Optimistic: everything cached that matches looks marked at once.
    const cached = new Map<string, Flags>();
    for (const item of cachedItems()) if (matches(item) && !cached.has(item._id)) cached.set(item._id, flagsAfter(item, markAs));
    await cancelCounts();
    writeFlags(cached, true);
    let done = false;
    epoch++;
    markingAll++;
    const send = markEverything({
      markAs,
      payload,
      held: [...cached.keys()],
      count: () => queryClient.getQueryData<CountData>(countKey(markAs === 'read' ? 'unread' : 'unseen'))?.count,
      // Kept for a second sending after an unclear answer (see createIntentQueue.all).
      idempotencyKey: newIdempotencyKey(),
    });
    try {
      // After the reader's marks still on their way, and before any made meanwhile: the last thing they asked for wins.
      const marked = await messageIntents.all(() => send(onProgress), () => send());
      done = true;
      return { marked };
    } finally {
      // A count asked for during it may predate some of it: counted again, here and in the other tabs.
      markingAll--;
      epoch++;
      changedAt = Date.now();
      if (done && !payload) {
        // The service now holds none: no request needed to know it.
        settleMarkedAll(markAs);
        post({ kind: 'markedAll', markAs });
      } else {
        // Part of the list (a payload), or a failure part-way: the service is the truth; what was marked stays marked.
        await invalidate(done ? countsKey : allKey);
        post({ kind: 'refresh' });
      }
    }
  }

  /**
   * After every notification was marked: none left of that count, and none in the feeds of it. The
   * service marks read only what was unread (which it also marks seen): one read but unseen stays
   * unseen, so the unseen count is asked for again rather than guessed.
   */
  function settleMarkedAll(markAs: 'read' | 'seen'): void {
    epoch++;
    const kind: CountKind = markAs === 'read' ? 'unread' : 'unseen';
    queryClient.setQueryData<CountData>(countKey(kind), (data) => (data ? { count: { value: 0, exact: true }, items: [], complete: true } : data));
    if (markAs === 'read') void invalidate(countKey('unseen'));
    const pending = messageIntents.pending();
    const changes = new Map<string, Flags>();
    for (const item of cachedItems()) if (needsMark(item, markAs) && !pending.has(item._id) && !changes.has(item._id)) changes.set(item._id, flagsAfter(item, markAs));
    writeFlags(changes, false);
    for (const [key, data] of feedQueries()) {
      const filter = filterOfKey(key);
      // An unread (or unseen) list is now empty on the service too.
      const emptied = filter?.[markAs] === false;
      if (data && filter && emptied) writeFeed(key, { pages: [emptyPage(0, filter.limit)], pageParams: [FIRST_PAGE(filter.limit)] });
    }
  }

  async function markShownSeen(): Promise<void> {
    const ids = new Set<string>();
    for (const [, data] of feedQueries()) {
      for (const page of data?.pages ?? []) for (const item of page.data) if (!item.seen && !skipped.has(item._id)) ids.add(item._id);
    }
    if (ids.size > 0) await markAs([...ids], 'seen');
  }

  // ------------------------------------------------------------ seen on view

  // Ids the service skipped once are not sent again (see `skipped`).
  const seen = createSeenBatch((ids) => markAs(ids, 'seen'), skipped, options.seenBatchMs ?? 300);

  // ------------------------------------------------------------ freshness and other tabs

  const onCacheEvent = (event: QueryCacheNotifyEvent) => {
    const key = event.query.queryKey;
    if (key[0] !== 'inbox-kit' || key[1] !== scope) return;
    // Over with no answer to use (failed, cancelled, removed): no longer in flight.
    if (event.type === 'removed' || (event.type === 'updated' && event.action.type !== 'success' && event.query.state.fetchStatus === 'idle')) {
      inFlight.delete(event.query.queryHash);
      pruneJournal();
      return;
    }
    if (event.type === 'updated' && event.action.type === 'fetch' && journaled(key)) return tracked(event.query.queryHash, Date.now());
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const fetch = inFlight.get(event.query.queryHash);
    inFlight.delete(event.query.queryHash);
    const since = fetch?.seq ?? journalSeq;
    const stale = fetch !== undefined && fetch.epoch !== epoch;
    const startedAt = fetch?.at ?? 0;
    const redo = new Map<string, Flags>();
    for (const entry of journal) if (entry.seq > since) redo.set(entry.id, entry.flags);
    const pending = messageIntents.pending();
    for (const [id, flags] of pending) redo.set(id, flags);
    pruneJournal();
    const kind: unknown = key[3];
    if (key[2] === 'counts' && (kind === 'unread' || kind === 'unseen')) {
      // Counted before the reader's latest changes reached the service: count again, once they
      // all have (not while one is on its way: that would ask again and again).
      if (pending.size > 0 || markingAll > 0) {
        recountWhenSettled = true;
        return;
      }
      if (redo.size > 0 || stale) return void invalidate(key);
      // Asked for before a count already brought in (another tab's, at the same moment): that one
      // tells more. Not asked again (tabs counting at once would knock each other's out).
      const last = applied[kind];
      if (last && startedAt < past(last.at)) return void queryClient.setQueryData(key, last.data);
      const data = queryClient.getQueryData<CountData>(key);
      if (!data) return;
      absorb(kind, data, startedAt);
      post({ kind: 'count', which: kind, data, startedAt });
      readMarkedFeeds();
    } else if (key[2] === 'feed') {
      feedAskedAt.set(event.query.queryHash, startedAt);
      // A page fetched meanwhile may show the old state: reapply what was written since its fetch
      // started, and what the user asked for that the service has not confirmed yet.
      writeFlags(redo, false);
    }
  };

  /**
   * The service answers again (this tab's poll, or the polling tab's): a shown feed whose refetch
   * failed, a failure the kit's writes have hidden since, is read now (once a poll at most; a feed
   * showing its error has Retry).
   */
  function readMarkedFeeds(): void {
    void queryClient.refetchQueries({
      queryKey: feedsKey,
      type: 'active',
      predicate: ({ state }) => state.isInvalidated && state.fetchStatus === 'idle' && state.status === 'success',
    });
  }

  /**
   * What a fresh count shows, brought into the feeds without fetching them: notifications newer
   * than any they hold join them at the top, ones they hold as unread (or unseen) that the service
   * no longer lists as such were read (or seen) elsewhere, say on another device, and ones they hold
   * as read that it lists as unread were marked unread elsewhere: unless a feed asked for after the
   * count (`startedAt`) holds them, which knows better.
   */
  function absorb(kind: CountKind, data: CountData, startedAt: number): void {
    applied[kind] = { at: startedAt, data };
    const flag = kind === 'unread' ? 'read' : 'seen';
    const arrivals = new Map(data.items.map((item) => [item._id, item]));
    const held = new Map<string, StoredItem>();
    const newer = new Set<string>();
    // New to a feed: not in it, and newer than anything it holds (each feed on its own: one that
    // loaded later may already hold what another has not seen yet).
    for (const query of queryClient.getQueryCache().findAll({ queryKey: feedsKey })) {
      const key = query.queryKey;
      const feed = query.state.data as FeedData | undefined;
      const filter = filterOfKey(key);
      if (!feed || !filter) continue;
      let newest: StoredItem | undefined;
      const ids = new Set<string>();
      const askedAfter = past(feedAskedAt.get(query.queryHash) ?? 0) >= startedAt;
      for (const page of feed.pages) {
        for (const item of page.data) {
          ids.add(item._id);
          if (askedAfter) newer.add(item._id);
          else if (!held.has(item._id)) held.set(item._id, item);
          if (!newest || isNewer(item, newest)) newest = item;
        }
      }
      const fresh = new Map<string, Flags>();
      for (const item of data.items) if (!ids.has(item._id) && (!newest || isNewer(item, newest))) fresh.set(item._id, flagsOf(item));
      if (fresh.size === 0) continue;
      const next = setFlagsInFeed(feed, filter, fresh, arrivals);
      if (next !== feed) writeFeed(key, next);
    }
    // Read (or seen) elsewhere: held as unread, yet not among the unread the service lists.
    const listed = new Set(data.items.map((item) => item._id));
    const oldestListed = data.items[data.items.length - 1];
    const pending = messageIntents.pending();
    const changes = new Map<string, Flags>();
    for (const item of held.values()) {
      if (newer.has(item._id) || pending.has(item._id)) continue;
      const covered = data.complete || (oldestListed !== undefined && isNewer(item, oldestListed));
      if (!item[flag] && covered && !listed.has(item._id)) changes.set(item._id, flagsAfter(item, flag));
    }
    for (const item of data.items) if (held.get(item._id)?.[flag] && !newer.has(item._id) && !pending.has(item._id)) changes.set(item._id, flagsOf(item));
    if (changes.size > 0) writeFlags(changes, false);
  }

  function pruneJournal(): void {
    // The journal runs in order: what the oldest fetch in flight (none: Infinity) has seen is a prefix of it.
    const oldest = Math.min(...[...inFlight.values()].map((fetch) => fetch.seq));
    journal.splice(0, journal.filter((entry) => entry.seq <= oldest).length);
  }

  function post(message: TabMessage): void {
    if (message.kind !== 'count') changedAt = Date.now();
    if (message.kind === 'flags' && message.changes.length === 0) return;
    channel?.postMessage(message);
  }

  const onTabMessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message.kind !== 'count') changedAt = Date.now();
    if (message.kind === 'flags') writeFlags(new Map(message.changes), true);
    else if (message.kind === 'count') {
      // What the polling tab found: this tab's count and feeds, without a request of its own; unless
      // this tab has a change on its way, or heard of one (or took a count) after this one was asked
      // for, which it may predate: the next poll brings what it found.
      if (messageIntents.pending().size > 0 || markingAll > 0 || message.startedAt <= Math.max(past(changedAt), past(applied[message.which]?.at ?? 0))) return;
      queryClient.setQueryData(countKey(message.which), message.data);
      absorb(message.which, message.data, message.startedAt);
      readMarkedFeeds();
    } else if (message.kind === 'markedAll') settleMarkedAll(message.markAs);
    else if (message.kind === 'preferences') void invalidate(preferencesKey);
    else void invalidate(allKey);
  };

  // ------------------------------------------------------------ one poller for all tabs

  const election = createPollerElection(scope, options.crossTab !== false);

  /** Fetches whose answers the reader's changes must survive: the feeds' and the counts'. */
  const journaled = (key: QueryKey) => key[2] === 'feed' || key[2] === 'counts';

  /** From now on, writes are journaled against this fetch; `at`: when it was asked for (0: not known). */
  const tracked = (hash: string, at: number) => void inFlight.set(hash, { seq: journalSeq, epoch, at });

  /** Listens to the cache and to the other tabs until the returned function is called (an effect's lifetime). */
  function connect(): () => void {
    const unsubscribe = queryClient.getQueryCache().subscribe(onCacheEvent);
    // Fetches that started before (the children's effects run before the provider's): changes made
    // while they are on their way must survive their answers too. Not known how old: never passed on.
    for (const query of queryClient.getQueryCache().findAll({ queryKey: allKey, fetchStatus: 'fetching' })) if (journaled(query.queryKey) && !inFlight.has(query.queryHash)) tracked(query.queryHash, 0);
    const own = options.crossTab !== false && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`inbox-kit:${scope}`) : undefined;
    if (own) own.onmessage = onTabMessage;
    channel = own;
    return () => {
      unsubscribe();
      seen.stop();
      own?.close();
      if (channel === own) channel = undefined;
    };
  }

  return {
    client,
    subscriberId,
    scope,
    queryClient,
    changes: () => ({ ...changes }),
    markAs,
    markAllAs,
    markSeenSoon: seen.add,
    markShownSeen,
    ...createMessageActions({ client, subscriberId, queryClient, feedsKey, cached: (id) => knownItems([id]).get(id) }),
    ...createPreferenceActions({ client, subscriberId, queryClient, preferencesKey, saved: () => post({ kind: 'preferences' }) }),
    refreshEverywhere() {
      post({ kind: 'refresh' });
      return invalidate(allKey);
    },
    poller: election,
    connect,
  };
}

/** A count's newest items after new flags: those that no longer match leave; one that joins makes the list partial. */
function withFlags(data: CountData, kind: CountKind, changes: ReadonlyMap<string, Flags>): CountData {
  const flag = kind === 'unread' ? 'read' : 'seen';
  const listed = new Set(data.items.map((item) => item._id));
  const items = data.items.flatMap((item) => {
    const flags = changes.get(item._id);
    if (!flags) return [item];
    return flags[flag] ? [] : [{ ...item, ...flags }];
  });
  const joined = [...changes].some(([id, flags]) => !flags[flag] && !listed.has(id));
  return { ...data, items, complete: data.complete && !joined };
}

/** The filter a feed query was made with (the fourth element of its key). */
function filterOfKey(key: QueryKey): NormalizedFeedFilter | undefined {
  const candidate: unknown = key[3];
  if (candidate === null || typeof candidate !== 'object' || !('limit' in candidate) || !('read' in candidate)) return undefined;
  const { read, seen, payload, limit } = candidate as Record<string, unknown>;
  const flag = (value: unknown) => (value === true || value === false ? value : null);
  return {
    read: flag(read),
    seen: flag(seen),
    payload: payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null,
    limit: typeof limit === 'number' ? limit : 0,
  };
}
