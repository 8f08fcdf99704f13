/**
 * The service's real time, as its socket workers send it: to each subscriber with a socket open, a
 * `notification_received` frame for each message delivered to them (the message in the v1 shape) and
 * then their counts, `unseen_count_changed` and `unread_count_changed`, whenever a change moved them.
 * Frames are `{ event, data }`; the transport (a WebSocket) is the server's (see `reference-socket.ts`).
 */
import type { StoredMessage, StoredSubscriber } from './model';
import { toFeedItem } from './projections';
import type { ServiceState } from './routes/context';
import { messagesOf } from './routes/feed';

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

export function createRealtime(state: ServiceState) {
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
    /** Sends `listener` the frames of `subscriber` until the returned function is called. */
    listen(subscriber: StoredSubscriber, listener: Listener): () => void {
      const entry = listening.get(subscriber._id) ?? { listeners: new Set<Listener>(), told: JSON.stringify(counts(subscriber)) };
      listening.set(subscriber._id, entry);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0) listening.delete(subscriber._id);
      };
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
