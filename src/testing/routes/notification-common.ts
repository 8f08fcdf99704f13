/** What the v2 notification routes share: the subscriber, the notification id, and snoozes that end. */
import { commandError, HttpError } from '../http-util';
import type { StoredMessage, StoredSubscriber } from '../model';
import { isObjectId } from '../slug';
import { matchesFilter } from '../notification-filter';
import { findSubscriber, type ServiceState } from './context';

export const V2 = String.raw`^(.*)\/v2\/subscribers\/([^/]+)\/notifications`;

/** The v2 routes find the subscriber first: 404 in its words. */
export function subscriberOr404(state: ServiceState, subscriberId: string): StoredSubscriber {
  const subscriber = findSubscriber(state, subscriberId);
  if (!subscriber) throw new HttpError(404, `Subscriber '${subscriberId}' was not found`);
  return subscriber;
}

/** The notification id of the path, as the route's command checks it. */
export function notificationIdOf(command: string, raw: string): string {
  if (!isObjectId(raw)) throw commandError(command, 'notificationId', 'notificationId must be a mongodb id', raw);
  return raw;
}

/**
 * One of the subscriber's messages by id, or 404 (another subscriber's is not found either). With
 * `contextKeys`, only a message of exactly those contexts.
 */
export function ownMessage(state: ServiceState, subscriber: StoredSubscriber, id: string, contextKeys: string[] = []): StoredMessage {
  const message = state.data.messages.find(
    (m) => m._id === id && m._subscriberId === subscriber._id && (contextKeys.length === 0 || matchesFilter(m, { contextKeys })),
  );
  if (!message) throw new HttpError(404, `Notification with id: ${id} is not found.`);
  return message;
}

/** Marks a message seen, as every v2 change does (`firstSeenDate` once). */
export function see(message: StoredMessage, at: string): void {
  message.seen = true;
  message.lastSeenDate = at;
  message.firstSeenDate ??= at;
  message.updatedAt = at;
}

/**
 * Snoozes that have ended, as the service's worker ends them: each snooze schedules a wake-up, and
 * when one comes, a message still snoozed (by that snooze or a later one) wakes. Every message of
 * that notification comes back unread, with a new `createdAt` (first in the list) and one more
 * delivery; `seen` and `archived` stay as they were. A wake-up that finds it awake does nothing.
 */
export function wakeSnoozed(state: ServiceState): void {
  const now = state.clock();
  for (const message of state.data.messages) {
    for (;;) {
      const at = message.wakeUps?.[0];
      if (at === undefined || Date.parse(at) > now) break;
      message.wakeUps?.shift();
      if (!message.snoozedUntil) continue;
      for (const sibling of state.data.messages.filter((m) => m._notificationId === message._notificationId)) {
        sibling.deliveredAt = [...(sibling.deliveredAt ?? [sibling.createdAt]), at];
        sibling.snoozedUntil = null;
        sibling.createdAt = at;
        sibling.read = false;
        sibling.lastReadDate = null;
      }
    }
  }
}
