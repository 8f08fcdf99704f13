/** Who a notification is from, for avatars and names. */
import type { ActorSubscriber, FeedItem } from './schemas/index';

/**
 * The sender of a notification when the service populated it: `actorSubscriber` as an object.
 * `undefined` when it sent only an id, or nothing. Never `subscriber`: on the deployed service
 * that is the recipient, the person looking at the inbox.
 */
export function senderOf(notification: Pick<FeedItem, 'actorSubscriber'>): ActorSubscriber | undefined {
  const sender = notification.actorSubscriber;
  return sender !== null && typeof sender === 'object' ? sender : undefined;
}
