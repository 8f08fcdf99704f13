/**
 * The tabs of one app, in step without a clock. Each tells the others what its changes' answers wrote; each
 * writes what it hears at its own next sequence number, as an answered change. The tab that polls tells the
 * others its counts, with how many of each tab's answered changes they include, so a tab moves them by its
 * changes they do not; and the newest notifications it read, with the same acknowledgements, taken except
 * where a change the tab wrote is newer. A tab ignores messages of another version of the protocol.
 */
import { partialMatchKey, type QueryCacheNotifyEvent, type QueryKey } from '@tanstack/react-query';
import type { NotificationCountFilter } from '../client/index';
import { countKey, shownCounts, type CountData, type Head } from './count-query';
import type { Acks, NotificationStore, Told } from './notification-store';

const VERSION = 1;

type Message = Told | { kind: 'count'; filters: NotificationCountFilter[]; counts: number[]; capped: boolean[]; acks: Acks } | { kind: 'rows'; head: Head } | { kind: 'preferences' };

export type TabMessage = { v: typeof VERSION } & Message;

/** What a tab needs of a `BroadcastChannel`. */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  onmessage: ((event: MessageEvent<TabMessage>) => void) | null;
}

/** Keeps `store` in step with the other tabs through `channel` until the returned function is called. */
export function relayTabs(store: NotificationStore, channel: TabChannel, preferencesKey: QueryKey): () => void {
  const { queryClient, table } = store;
  const post = (message: Message) => channel.postMessage({ v: VERSION, ...message });
  const stops = [
    store.onTold(post),
    queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
      // What this tab read from the service; not what it was told (written by hand).
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      const { queryKey, state } = event.query;
      if (partialMatchKey(queryKey, [...store.key, 'count'])) {
        const filters = queryKey.at(-1) as NotificationCountFilter[];
        const data = state.data as CountData;
        const shown = shownCounts(store, filters, data);
        post({ kind: 'count', filters, counts: shown.map((s) => s.count), capped: shown.map((s) => !s.exact), acks: store.acks() });
        // On v1 the counts' lists are what brings new notifications.
        if (data.head?.rows.length) post({ kind: 'rows', head: data.head });
      } else if (partialMatchKey(queryKey, [...store.key, 'head'])) post({ kind: 'rows', head: state.data as Head });
    }),
  ];
  channel.onmessage = ({ data: message }) => {
    if (message?.v !== VERSION) return;
    if (message.kind === 'answered') store.learn(message.answer, message.origin);
    else if (message.kind === 'count') {
      const queryKey = countKey(store, message.filters);
      // Only counts this tab shows; at its next sequence number, with what they include of each tab's
      // changes. A read of its own still on its way is dropped: the polling tab's order is the one kept.
      if (queryClient.getQueryState(queryKey)?.data === undefined) return;
      void queryClient.cancelQueries({ queryKey }).then(() => queryClient.setQueryData<CountData>(queryKey, { counts: message.counts, seq: table.next(), acks: message.acks, capped: message.capped }));
    } else if (message.kind === 'rows') {
      // Not over what a change answered since the poller sent its read (it has not heard of it).
      const { rows, acks } = message.head;
      const fresh = rows.filter((n) => !store.changedSince(n.id, acks));
      if (fresh.length > 0) table.merge(fresh, table.next());
    } else if (message.kind === 'all') store.learnAll(message.filter, message.change);
    else void queryClient.invalidateQueries({ queryKey: message.kind === 'preferences' ? preferencesKey : store.key });
  };
  return () => {
    for (const stop of stops) stop();
    channel.onmessage = null;
  };
}
