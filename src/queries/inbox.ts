/**
 * One subscriber's inbox, free of React: the store of notifications and the reader's actions on
 * them, the preferences, which tab polls, and the other tabs. What the provider makes and connects.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { InboxBrowserClient } from '../client/browser-client';
import { inboxKeys, scopeOf } from './keys';
import { seedTable } from './list-query';
import { createNotificationActions } from './notification-actions';
import { createNotificationStore } from './notification-store';
import { createPollerElection } from './poller';
import { createPreferenceActions } from './preference-actions';
import { relayTabs, type TabChannel } from './tab-relay';
import { createListeners } from './listeners';
import type { Notification } from './matches';
import { createTriage } from './triage';

export interface InboxOptions {
  client: InboxBrowserClient;
  subscriberId: string;
  queryClient: QueryClient;
  /** How long seen-on-view collects ids before it sends them in one request, in ms. Default 300. */
  seenBatchMs?: number | undefined;
  /** Keep the app's tabs in step through BroadcastChannel, one of them polling. Default true. */
  crossTab?: boolean | undefined;
  /** How long a delete waits before it is sent, so it can be undone, in ms. Default 5000. */
  undoMs?: number | undefined;
}

export type Inbox = ReturnType<typeof createInbox>;

export function createInbox(options: InboxOptions) {
  const { client, subscriberId, queryClient } = options;
  const scope = scopeOf(client.baseUrl, subscriberId);
  const crossTab = options.crossTab !== false;
  const store = createNotificationStore({ client, subscriberId, queryClient });
  const preferencesKey = inboxKeys.preferences(scope);
  /** Open while connected. */
  let channel: (TabChannel & { close(): void }) | undefined;
  const actions = createNotificationActions(store, { seenBatchMs: options.seenBatchMs });
  const triage = createTriage(store, actions, options.undoMs);
  const inbox = {
    scope,
    crossTab,
    /**
     * Real time, as its code sets it (and calls the listeners): `ready` once it runs (the route mints
     * sessions), `on` while the app's socket is open, in this tab or another (polling is then a safety net).
     */
    live: Object.assign(createListeners(), { on: false, ready: false }),
    /** Each new notification the socket brought, in every tab (`here`: the tab that holds the socket). */
    arrivals: createListeners<[notification: Notification, here: boolean]>(),
    /** The arrivals of the last few seconds, newest first, for what starts listening late (the toasts' code loading). */
    recent: [] as { notification: Notification; at: number }[],
    store,
    actions,
    /** Archive, snooze and delete (see triage.ts). */
    triage,
    preferences: createPreferenceActions({ client, subscriberId, queryClient, preferencesKey, saved: () => channel?.postMessage({ v: 1, kind: 'preferences' }) }),
    preferencesKey,
    /** Which tab polls: one visible tab of the app that shows something that polls (see poller.ts). */
    poller: createPollerElection(scope, crossTab),
    /** Reads everything again, here and in the other tabs (after a broadcast, say). */
    refreshEverywhere: store.readAgain,
    /** Starts listening to the other tabs and to caches filled elsewhere; returns the function that stops. Call it from an effect. */
    connect() {
      const stopSeeding = seedTable(store);
      const stopTriage = triage.connect();
      const own = crossTab && typeof BroadcastChannel !== 'undefined' ? (new BroadcastChannel(`inbox-kit:${scope}`) as unknown as TabChannel & { close(): void }) : undefined;
      const stopRelay = own ? relayTabs(store, own, preferencesKey) : undefined;
      channel = own;
      return () => {
        stopSeeding();
        stopTriage();
        stopRelay?.();
        own?.close();
        if (channel === own) channel = undefined;
        actions.stop();
      };
    },
  };
  return inbox;
}
