/**
 * The tabs of one app, in step without a clock. Each tells the others what its changes' answers
 * wrote; each writes what it hears at its own next sequence number, as an answered change. The
 * tab that polls tells the others its counts, with how many of each tab's answered changes they
 * include, so a tab moves them by its changes they do not; and the newest notifications it read,
 * which a tab takes only where it holds nothing (what it holds may be newer). Every message
 * carries the protocol's version: a tab running another version of the kit ignores it.
 */
import { partialMatchKey, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import type { FreePayload, InboxNotification, NotificationCountFilter } from '../client/index';
import { countKey, shownCounts, type CountData } from './count-query';
import type { Acks, Answered, NotificationStore, Origin } from './notification-store';

const VERSION = 1;

type Message =
  | { kind: 'answered'; answer: Answered; origin: Origin }
  | { kind: 'count'; filters: NotificationCountFilter[]; counts: number[]; capped: boolean[]; acks: Acks }
  | { kind: 'rows'; rows: InboxNotification<FreePayload>[] }
  | { kind: 'refresh' };

export type TabMessage = { v: typeof VERSION } & Message;

/** What a tab needs of a `BroadcastChannel`. */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  onmessage: ((event: MessageEvent<TabMessage>) => void) | null;
}

/** Keeps `store` in step with the other tabs through `channel` until the returned function is called. */
export function relayTabs(store: NotificationStore, channel: TabChannel): () => void {
  const { queryClient, table } = store;
  const post = (message: Message) => channel.postMessage({ v: VERSION, ...message });
  const offAnswered = store.onAnswered((answer, origin) => post({ kind: 'answered', answer, origin }));
  const offCache = queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    // What this tab read from the service; not what it was told (written by hand).
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const { queryKey, state } = event.query;
    if (partialMatchKey(queryKey, [...store.key, 'count'])) {
      const filters = queryKey.at(-1) as NotificationCountFilter[];
      const data = state.data as CountData;
      const shown = shownCounts(store, filters, data);
      post({ kind: 'count', filters, counts: shown.map((s) => s.count), capped: shown.map((s) => !s.exact), acks: store.acks() });
      // On v1 the counts' lists are what brings new notifications.
      if (data.head?.length) post({ kind: 'rows', rows: data.head });
    } else if (partialMatchKey(queryKey, [...store.key, 'head'])) post({ kind: 'rows', rows: state.data as InboxNotification<FreePayload>[] });
  });
  channel.onmessage = ({ data: message }) => {
    if (message?.v !== VERSION) return;
    if (message.kind === 'answered') store.learn(message.answer, message.origin);
    else if (message.kind === 'count') {
      const queryKey = countKey(store, message.filters);
      // Only counts this tab shows; at its next sequence number, with what they include of each tab's changes.
      if (queryClient.getQueryState(queryKey)?.data === undefined) return;
      queryClient.setQueryData<CountData>(queryKey, { counts: message.counts, seq: table.next(), acks: message.acks, capped: message.capped });
    } else if (message.kind === 'rows') {
      // Only what this tab does not hold: what it holds may be newer than what the poller read.
      const fresh = message.rows.filter((n) => !table.get(n.id) && !table.deleted(n.id));
      if (fresh.length > 0) table.merge(fresh, table.next());
    } else void queryClient.invalidateQueries({ queryKey: store.key });
  };
  return () => {
    offAnswered();
    offCache();
    channel.onmessage = null;
  };
}
