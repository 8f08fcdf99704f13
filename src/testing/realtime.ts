/**
 * The service's real time, as its socket workers send it: to each subscriber with a socket open, a
 * `notification_received` frame for each message delivered to them (the message in the v1 shape) and
 * then their counts, `unseen_count_changed` and `unread_count_changed`, whenever a change moved them.
 * Frames are `{ event, data }`; the transport (a WebSocket) is the server's (see `reference-socket.ts`).
 * A socket lasts as long as its session's token: at the token's expiry, by the service's clock, the
 * service ends it (a real service may close it then too), and the browser mints a new session.
 */
import type { StoredMessage, StoredSubscriber } from './model';
import { toFeedItem } from './projections';
import type { ServiceState } from './routes/context';
import { messagesOf } from './routes/feed';
import type { Sessions } from './routes/session';

export interface SocketFrame {
  event: 'notification_received' | 'unseen_count_changed' | 'unread_count_changed';
  data: Record<string, unknown>;
}

type Listener = (frame: SocketFrame) => void;

/** How many of `messages` have each severity (none: `none`), as the service's unread counts give them. */
export function bySeverity(messages: readonly StoredMessage[]): Record<'high' | 'medium' | 'low' | 'none', number> {
  const counts = { high: 0, medium: 0, low: 0, none: 0 };
  for (const m of messages) counts[m.severity ?? 'none']++;
  return counts;
}

/** Counted up to 100 as the socket worker counts (101 asked: past 100, `hasMore`). */
const CAP = 100;

/** The longest delay a timer takes (about 24.8 days); a later expiry is caught by the frames' check. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function createRealtime(state: ServiceState, sessions: Sessions) {
  /** Listeners by subscriber `_id`, and what they were last told of the counts. */
  const listening = new Map<string, { listeners: Set<Listener>; told: string }>();

  function counts(subscriber: StoredSubscriber) {
    const messages = messagesOf(state, subscriber);
    const unread = messages.filter((m) => !m.read).length;
    const unseen = messages.filter((m) => !m.seen).length;
    const severity = bySeverity(messages.filter((m) => !m.read && !m.snoozedUntil));
    return [
      { event: 'unseen_count_changed', data: { unseenCount: Math.min(unseen, CAP), hasMore: unseen > CAP } },
      { event: 'unread_count_changed', data: { unreadCount: Math.min(unread, CAP), counts: { total: Math.min(unread, CAP + 1), severity }, hasMore: unread > CAP } },
    ] satisfies SocketFrame[];
  }

  const send = (id: string, frame: SocketFrame) => listening.get(id)?.listeners.forEach((listener) => listener(frame));

  return {
    /**
     * Sends `send` the frames of the subscriber `token` was minted for, until the returned function is
     * called or the token expires: then `expired` is called, once, and nothing more is sent. The token
     * is checked at its expiry and again before each frame, as the service's clock may be moved on.
     * `undefined` when the token is unknown or expired.
     */
    listen(token: string, send: Listener, expired: () => void = () => undefined): (() => void) | undefined {
      const subscriber = sessions.subscriberOf(token);
      if (!subscriber) return undefined;
      const entry = listening.get(subscriber._id) ?? { listeners: new Set<Listener>(), told: JSON.stringify(counts(subscriber)) };
      listening.set(subscriber._id, entry);
      const end = () => {
        stop();
        expired();
      };
      const listener: Listener = (frame) => (sessions.subscriberOf(token) ? send(frame) : end());
      const timer = setTimeout(() => {
        if (!sessions.subscriberOf(token)) end();
      }, Math.min(LONGEST_TIMER_MS, (sessions.expiresAt(token) ?? 0) - state.clock() + 1));
      // A Node server's process is not kept alive by it.
      if (typeof timer === 'object') timer.unref();
      const stop = () => {
        clearTimeout(timer);
        if (!entry.listeners.delete(listener)) return;
        if (entry.listeners.size === 0) listening.delete(subscriber._id);
      };
      entry.listeners.add(listener);
      return stop;
    },
    /** What the service's messages were before a request: to compare with after it (`changed`). */
    before: () => new Set(state.data.messages.map((m) => m._id)),
    /** After a change: each message new since `before` to its listening subscriber, then counts that moved. */
    changed(before: Set<string>, base: string): void {
      if (listening.size === 0) return;
      const arrived = state.data.messages.filter((m: StoredMessage) => !before.has(m._id) && m.channel === 'in_app' && listening.has(m._subscriberId));
      for (const m of arrived) send(m._subscriberId, { event: 'notification_received', data: { message: toFeedItem(state, m, base) } });
      for (const [id, entry] of listening) {
        const subscriber = state.data.subscribers.find((s) => s._id === id);
        if (!subscriber) continue;
        const frames = counts(subscriber);
        const told = JSON.stringify(frames);
        if (told === entry.told && !arrived.some((m) => m._subscriberId === id)) continue;
        entry.told = told;
        for (const frame of frames) send(id, frame);
      }
    },
  };
}
