/**
 * Real time for one inbox: one socket per browser, held by the tab that wins the socket's Web Lock (any
 * tab of the app, visible or not, so a hidden app still hears of new notifications); the others hear
 * through a BroadcastChannel whether it is open, and of each arrival. What the socket says:
 *
 * - a new notification goes into the store at once (every list and count that matches it, in every
 *   tab, through the store's own relay), then to `onNotification` and the arrival listeners;
 * - a count frame is compared with what the kit expects from the last one and the changes since (its
 *   own, other tabs', arrivals): a count that moved otherwise (a change on another device) is asked again;
 * - after each (re)connect the counts are asked once: a count that moved brings the newest
 *   notifications, so nothing sent while the socket was down is missed.
 *
 * While the socket is open anywhere, polling slows to a safety net (see `usePollInterval`).
 */
import { headOptions } from '../queries/count-query';
import { shownCount } from '../queries/count-plan';
import type { Inbox } from '../queries/inbox';
import type { ListFilter, Notification } from '../queries/matches';
import { showOnDesktop } from './desktop-notifications';
import { arrivedNotification } from './socket-message';
import { keepConnected } from './socket-connection';
import type { RealtimeOptions } from './realtime-options';

type LiveMessage = { v: 1 } & ({ kind: 'live'; live: boolean } | { kind: 'ask' } | { kind: 'arrived'; notification: Notification });

/** What each count frame counts, as the socket's worker counts it. */
const FRAMES: Record<string, [filter: ListFilter, read: (data: Record<string, unknown>) => unknown]> = {
  unseen_count_changed: [{ seen: false }, (data) => data.unseenCount],
  unread_count_changed: [{ read: false }, (data) => (data.counts as { total?: unknown } | undefined)?.total ?? data.unreadCount],
};

export function startRealtime(inbox: Inbox, options: RealtimeOptions): () => void {
  const { store } = inbox;
  const { queryClient } = store;
  inbox.live.ready = true;
  inbox.live.call();
  const channel = inbox.crossTab && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`inbox-kit:${inbox.scope}:live`) : undefined;
  const post = (message: LiveMessage) => channel?.postMessage(message);
  const setOn = (on: boolean) => {
    if (on === inbox.live.on) return;
    inbox.live.on = on;
    inbox.live.call();
  };
  /** Whether this tab holds the socket, and whether it is open. */
  let holder = false;
  let open = false;
  const setLive = (live: boolean) => {
    open = live;
    setOn(live);
    post({ v: 1, kind: 'live', live });
  };
  if (channel) {
    channel.onmessage = ({ data: message }: MessageEvent<LiveMessage>) => {
      if (message?.v !== 1) return;
      if (message.kind === 'live') setOn(message.live);
      else if (message.kind === 'ask') {
        if (holder) post({ v: 1, kind: 'live', live: open });
      }
      else toToasts(message.notification, false);
    };
    // A tab opened after the socket: whether it is open.
    post({ v: 1, kind: 'ask' });
  }

  /** An arrival, to this tab's listeners (the toasts), and kept a few seconds for those not listening yet. */
  function toToasts(notification: Notification, here: boolean): void {
    const now = Date.now();
    inbox.recent = [{ notification, at: now }, ...inbox.recent.filter((arrival) => now - arrival.at < 5_000)];
    inbox.arrivals.call(notification, here);
  }

  /** The last count frame of each kind, and the table's sequence number when it came. */
  const lastFrames = new Map<string, { count: number; seq: number }>();
  const recount = () => void queryClient.invalidateQueries({ queryKey: [...store.key, 'count'] });

  async function arrived(message: unknown): Promise<void> {
    // Payloads the proxy checks cannot be checked here: the newest are read through it instead, and the
    // one the frame names is new when that read brought it (the counts follow their next frame).
    if (options.payloadCheck === 'proxy') {
      const id = (message as { _id?: unknown } | undefined)?._id;
      if (typeof id !== 'string' || store.table.has(id)) return;
      await queryClient.fetchQuery(headOptions(store)).catch(() => undefined);
      const read = store.table.get(id);
      return read && announce(read);
    }
    const notification = await arrivedNotification(message, options.payloadCheck);
    if (!notification) return recount();
    // One the table holds is not new (a frame sent again, or read after a reconnect first).
    if (store.table.has(notification.id)) return;
    store.arrive([notification]);
    announce(notification);
  }

  /** A new notification, in the store: to the app, the desktop, and every tab's toasts. */
  function announce(notification: Notification): void {
    options.onNotification?.current?.(notification as never);
    void showOnDesktop(inbox.scope, notification).catch(() => undefined);
    toToasts(notification, true);
    post({ v: 1, kind: 'arrived', notification });
  }

  function counted(event: string, data: Record<string, unknown>): void {
    const [filter, read] = FRAMES[event] ?? [];
    const count = read?.(data);
    if (!filter || typeof count !== 'number') return;
    const last = lastFrames.get(event);
    const seq = store.table.next();
    lastFrames.set(event, { count, seq });
    // Past 100 the service stops counting: no comparison holds.
    if (!last || count >= 100 || last.count >= 100) return;
    if (shownCount(last.count, filter, store.answeredAfter(last.seq)).count !== count) recount();
  }

  let frames = Promise.resolve();
  let stopConnection: (() => void) | undefined;
  const hold = () => {
    holder = true;
    stopConnection = keepConnected(store.client, options, {
      open() {
        lastFrames.clear();
        setLive(true);
        // Whatever came while it was closed: the counts, and the newest notifications if they moved.
        recount();
      },
      // In order: a count frame after an arrival is compared once the arrival is in the store.
      frame(event, data) {
        frames = frames.then(() => (event === 'notification_received' ? arrived(data.message) : counted(event, data))).catch(() => undefined);
      },
      down: () => setLive(false),
    });
    return new Promise<void>((resolve) => (release = resolve));
  };
  let release = () => {};
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const election = new AbortController();
  if (channel && locks) locks.request(`inbox-kit:socket:${inbox.scope}`, { signal: election.signal }, hold).catch(() => undefined);
  else void hold();

  return () => {
    election.abort();
    stopConnection?.();
    release();
    if (holder && open) setLive(false);
    holder = false;
    channel?.close();
  };
}
