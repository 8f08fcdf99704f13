/**
 * Everything the hooks share for one subscriber: optimistic mark-as across
 * every cached feed and the counts, seen-on-view batching, preference toggles,
 * polling for new notifications, and cross-tab sync. Free of React.
 */
import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import { InboxApiError, partialMatch, type FeedItem, type InboxClient, type MarkAsValue, type MarkedMessage, type Preferences } from '../client/index';
import type { Counts } from './counts';
import { createIntentQueue } from './intents';
import { inboxKeys, scopeOf, type NormalizedFeedFilter } from './keys';
import type { QueryContext } from './options';
import { flagsAfter, setFlagsInFeed, shiftCounts, type FeedData, type Flags } from './updaters';
import { createMessageActions, type MessageActions } from './message-actions';
import { parsePreferenceKey, preferenceKey, preferenceValue, setPreferenceValue } from './preferences';

export interface InboxStoreOptions {
  client: InboxClient;
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
  | { kind: 'preferences' }
  | { kind: 'refresh' };

/** Largest batch the hooks send in one mark-as request. */
export const MARK_AS_BATCH = 100;

export interface InboxStore extends QueryContext, MessageActions {
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
  /** Sets one channel of the global (no workflowId) or a workflow's preferences, optimistically. */
  updatePreference(change: { workflowId?: string | undefined; channel: string; enabled: boolean }): Promise<Preferences>;
  /** Tells the other tabs to refetch everything (after a broadcast, say). */
  refreshEverywhere(): void;
  /** Why the service refuses preference updates, once it has; else null. */
  preferencesReadOnly(): string | null;
  /** Calls back when `preferencesReadOnly()` changes; returns the unsubscribe function. */
  subscribeReadOnly(listener: () => void): () => void;
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
  const preferencesKey = inboxKeys.preferences(scope);
  /** Open while connected (see `connect`). */
  let channel: BroadcastChannel | undefined;

  function feedQueries(): [QueryKey, FeedData | undefined][] {
    return queryClient.getQueriesData<FeedData>({ queryKey: feedsKey });
  }

  /** Every cached copy of these items, by id. */
  function knownItems(ids: Iterable<string>): Map<string, FeedItem> {
    const wanted = new Set(ids);
    const found = new Map<string, FeedItem>();
    for (const [, data] of feedQueries()) {
      for (const page of data?.pages ?? []) {
        for (const item of page.data) if (wanted.has(item._id) && !found.has(item._id)) found.set(item._id, item);
      }
    }
    return found;
  }

  /**
   * Flags written since a feed fetch started must survive its answer, which the service may have
   * computed before them: a journal of writes, and where each fetch in flight started in it.
   */
  let journalSeq = 0;
  const journal: { seq: number; id: string; flags: Flags }[] = [];
  const fetchStarts = new Map<string, number>();

  /** Writes flags into every cached feed and, when asked, moves the counts by the difference. */
  function writeFlags(changes: ReadonlyMap<string, Flags>, adjustCounts: boolean): void {
    if (changes.size === 0) return;
    if (adjustCounts && fetchStarts.size > 0) for (const [id, flags] of changes) journal.push({ seq: ++journalSeq, id, flags });
    const known = knownItems(changes.keys());
    for (const [key, data] of feedQueries()) {
      if (!data) continue;
      const filter = filterOfKey(key);
      if (!filter) continue;
      const next = setFlagsInFeed(data, filter, changes, known);
      if (next !== data) queryClient.setQueryData(key, next);
    }
    if (!adjustCounts) return;
    let unknown = false;
    queryClient.setQueryData<Counts>(countsKey, (counts) => {
      if (!counts) return counts;
      let next = counts;
      for (const [id, flags] of changes) {
        const before = known.get(id);
        if (before) next = shiftCounts(next, before, flags);
        else unknown = true;
      }
      return next;
    });
    // A message no cache knows: its old state, and so the counts, are unknown.
    if (unknown) void queryClient.invalidateQueries({ queryKey: countsKey });
  }

  function refreshAfterMutations(failed: boolean): void {
    // Refetch filtered feeds, whose offsets moved with the items that left or joined them, and after
    // a failure every feed, since the service may or may not have applied it (a lost answer).
    void queryClient.invalidateQueries({
      queryKey: feedsKey,
      predicate: (query) => {
        const filter = filterOfKey(query.queryKey);
        return failed || (!!filter && (filter.read !== null || filter.seen !== null));
      },
    });
    void queryClient.invalidateQueries({ queryKey: countsKey });
  }

  /** Ids the service left out of a mark-as answer. */
  const skipped = new Set<string>();

  const messageIntents = createIntentQueue<Flags>({
    read: (id) => {
      const item = knownItems([id]).get(id);
      return item ? { read: item.read, seen: item.seen } : undefined;
    },
    write: (changes) => writeFlags(changes, true),
    settled: refreshAfterMutations,
  });

  async function markAs(ids: readonly string[], markAs: MarkAsValue): Promise<MarkedMessage[]> {
    const unique = [...new Set(ids)];
    const known = knownItems(unique);
    const target = new Map<string, Flags>();
    for (const id of unique) {
      const item = known.get(id);
      // Unknown items still go to the service; their cached state is settled by its answer.
      target.set(id, flagsAfter(item ? { read: item.read, seen: item.seen } : { read: false, seen: false }, markAs));
    }
    // A counts fetch in flight would overwrite the optimistic counts. Feed fetches are left alone (a page
    // being loaded for infinite scroll stays wanted): pending intents are reapplied over what they bring.
    await queryClient.cancelQueries({ queryKey: countsKey });
    const messages = await messageIntents.run(target, async () => {
      const result: MarkedMessage[] = [];
      for (let start = 0; start < unique.length; start += MARK_AS_BATCH) {
        result.push(...(await client.markAs({ subscriberId, messageId: unique.slice(start, start + MARK_AS_BATCH), markAs })));
      }
      const values = new Map<string, Flags>();
      for (const message of result) if (message._id) values.set(message._id, { read: message.read, seen: message.seen });
      // An id the service left out of its answer was not changed by it (unknown, gone, or not this
      // subscriber's): it settles to what the cache had, and is never sent again on its own.
      for (const id of unique) {
        if (values.has(id)) skipped.delete(id);
        else skipped.add(id);
      }
      return { result, values };
    });
    post({ kind: 'flags', changes: messages.flatMap((m) => (m._id ? [[m._id, { read: m.read, seen: m.seen }] as [string, Flags]] : [])) });
    return messages;
  }

  /** Until the service says it has no mark-all route (404/405). */
  let markAllSupported = true;

  async function markAllAs(markAs: 'read' | 'seen', payload?: Record<string, unknown>, onProgress?: (marked: number) => void): Promise<MarkAllResult> {
    const filter = markAs === 'read' ? { read: false } : { seen: false };
    // Optimistic: everything cached that matches looks marked at once.
    const cached = new Map<string, Flags>();
    for (const [, data] of feedQueries()) {
      for (const page of data?.pages ?? []) {
        for (const item of page.data) {
          const matches = markAs === 'read' ? !item.read : !item.seen;
          if (matches && (!payload || partialMatch(payload, item.payload))) cached.set(item._id, flagsAfter(item, markAs));
        }
      }
    }
    await queryClient.cancelQueries({ queryKey: countsKey });
    writeFlags(cached, true);
    let marked = 0;
    try {
      // One request when the service has mark-all (it cannot filter by payload); else batches.
      if (!payload && markAllSupported) {
        try {
          marked = await client.markAll({ subscriberId, markAs });
          onProgress?.(marked);
          return { marked };
        } catch (error) {
          if (!(error instanceof InboxApiError && (error.status === 404 || error.status === 405))) throw error;
          markAllSupported = false;
        }
      }
      // Each round takes the newest matching ids: marked ones drop out of the filter, so page 0 is always the rest.
      for (;;) {
        const page = await client.getFeed({ subscriberId, ...filter, ...(payload ? { payload } : {}), limit: MARK_AS_BATCH });
        // Items the schema left out are the user's too: marked with the rest, or they would stay unread for ever.
        const ids = [...page.data.map((item) => item._id), ...page.invalidItems.flatMap((item) => (item.id ? [item.id] : []))];
        if (ids.length === 0) break;
        const changed = await client.markAs({ subscriberId, messageId: ids, markAs });
        marked += changed.length;
        onProgress?.(marked);
        if (changed.length === 0 || !page.hasMore) break;
      }
      return { marked };
    } finally {
      // Success or failure part-way: the service is the truth; what was marked stays marked.
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all(scope) });
      post({ kind: 'refresh' });
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

  const seenQueue = new Set<string>();
  let seenTimer: ReturnType<typeof setTimeout> | undefined;
  function markSeenSoon(id: string): void {
    // Seen on view is not the user's explicit doing: an id the service skipped once is not re-sent,
    // or the item would flip back to unseen, be seen again and be sent again, for ever.
    if (seenQueue.has(id) || skipped.has(id)) return;
    seenQueue.add(id);
    seenTimer ??= setTimeout(() => {
      seenTimer = undefined;
      const ids = [...seenQueue];
      seenQueue.clear();
      // Errors are not the user's doing here: the items stay unseen and are retried when seen again.
      markAs(ids, 'seen').catch(() => undefined);
    }, options.seenBatchMs ?? 300);
  }

  // ------------------------------------------------------------ preferences

  const preferenceIntents = createIntentQueue<boolean>({
    read: (key) => {
      const prefs = queryClient.getQueryData<Preferences | null>(preferencesKey);
      return prefs ? preferenceValue(prefs, parsePreferenceKey(key)) : undefined;
    },
    write: (changes) => {
      queryClient.setQueryData<Preferences | null>(preferencesKey, (prefs) => {
        if (!prefs) return prefs;
        let next = prefs;
        for (const [key, enabled] of changes) next = setPreferenceValue(next, parsePreferenceKey(key), enabled);
        return next;
      });
    },
    settled: () => void queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });

  let readOnly: string | null = null;
  const readOnlyListeners = new Set<() => void>();

  async function updatePreference(change: { workflowId?: string | undefined; channel: string; enabled: boolean }): Promise<Preferences> {
    const key = preferenceKey(change);
    await queryClient.cancelQueries({ queryKey: preferencesKey });
    try {
      const prefs = await preferenceIntents.run(new Map([[key, change.enabled]]), async () => {
        const result = await client.updatePreferences({
          subscriberId,
          channels: { [change.channel]: change.enabled },
          ...(change.workflowId ? { workflowId: change.workflowId } : {}),
        });
        const value = preferenceValue(result, parsePreferenceKey(key));
        return { result, values: new Map(value === undefined ? [] : [[key, value]]) };
      });
      post({ kind: 'preferences' });
      return prefs;
    } catch (error) {
      // 403 and 405: this service (or proxy) does not let subscribers change preferences.
      if (error instanceof InboxApiError && (error.status === 403 || error.status === 405) && readOnly === null) {
        readOnly = error.messages[0] ?? error.statusText;
        for (const listener of readOnlyListeners) listener();
      }
      throw error;
    }
  }

  // ------------------------------------------------------------ freshness and other tabs

  let newestUnreadId: string | undefined;
  const onCacheEvent = (event: QueryCacheNotifyEvent) => {
    const key = event.query.queryKey;
    if (key[0] !== 'inbox-kit' || key[1] !== scope) return;
    if (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'error')) {
      fetchStarts.delete(event.query.queryHash);
      pruneJournal();
      return;
    }
    if (event.type === 'updated' && event.action.type === 'fetch' && key[2] === 'feed') {
      fetchStarts.set(event.query.queryHash, journalSeq);
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (key[2] === 'counts') {
      const newest = queryClient.getQueryData<Counts>(countsKey)?.newestUnreadId;
      // Something new arrived (a poll, a focus refetch): refresh the feeds.
      if (newestUnreadId !== undefined && newest !== newestUnreadId) void queryClient.invalidateQueries({ queryKey: feedsKey });
      newestUnreadId = newest;
    } else if (key[2] === 'feed') {
      // A page fetched meanwhile may show the old state: reapply what was written since its fetch
      // started, and what the user asked for that the service has not confirmed yet.
      const since = fetchStarts.get(event.query.queryHash) ?? journalSeq;
      fetchStarts.delete(event.query.queryHash);
      const redo = new Map<string, Flags>();
      for (const entry of journal) if (entry.seq > since) redo.set(entry.id, entry.flags);
      for (const [id, flags] of messageIntents.pending()) redo.set(id, flags);
      pruneJournal();
      if (redo.size > 0) writeFlags(redo, false);
    }
  };

  function pruneJournal(): void {
    const oldest = Math.min(...fetchStarts.values());
    let drop = 0;
    while (drop < journal.length && (journal[drop]?.seq ?? 0) <= oldest) drop++;
    journal.splice(0, fetchStarts.size === 0 ? journal.length : drop);
  }

  function post(message: TabMessage): void {
    if (message.kind === 'flags' && message.changes.length === 0) return;
    channel?.postMessage(message);
  }

  const onTabMessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message.kind === 'flags') writeFlags(new Map(message.changes), true);
    else if (message.kind === 'preferences') void queryClient.invalidateQueries({ queryKey: preferencesKey });
    else void queryClient.invalidateQueries({ queryKey: inboxKeys.all(scope) });
  };

  /** Listens to the cache and to the other tabs until the returned function is called (an effect's lifetime). */
  function connect(): () => void {
    const unsubscribe = queryClient.getQueryCache().subscribe(onCacheEvent);
    const own = options.crossTab !== false && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`inbox-kit:${scope}`) : undefined;
    if (own) own.onmessage = onTabMessage;
    channel = own;
    return () => {
      unsubscribe();
      if (seenTimer) clearTimeout(seenTimer);
      seenTimer = undefined;
      seenQueue.clear();
      own?.close();
      if (channel === own) channel = undefined;
    };
  }

  return {
    client,
    subscriberId,
    scope,
    queryClient,
    markAs,
    markAllAs,
    markSeenSoon,
    markShownSeen,
    ...createMessageActions({ client, subscriberId, queryClient, feedsKey, cached: (id) => knownItems([id]).get(id) }),
    updatePreference,
    refreshEverywhere: () => post({ kind: 'refresh' }),
    preferencesReadOnly: () => readOnly,
    subscribeReadOnly(listener) {
      readOnlyListeners.add(listener);
      return () => readOnlyListeners.delete(listener);
    },
    connect,
  };
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
