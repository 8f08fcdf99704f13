/**
 * `client.notifications` on a service that speaks only v1: the operations v1 has, through the v1
 * client's, with each message given the v2 shape. A v1 notification is never archived or snoozed,
 * its severity is `none`, and its `data` is its trigger `payload` (what v1 filters and types).
 */
import type { InboxV1Client } from './client';
import { InboxError, InboxValidationError } from './errors';
import type { RequestOptions } from './http';
import type { Params } from './notifications';
import type { Actor, ActorSubscriber, FeedItem, FreePayload, InboxAction, InboxNotification, MarkedMessage, MessageStatus } from './schemas/index';

/** What v1 cannot do. */
export async function unsupported(operation: string): Promise<never> {
  throw new InboxError('unsupported', `${operation} needs the v2 API; this service has v1 only (see \`client.capabilities()\`).`);
}

/**
 * What a notification from a v1 service can carry besides the v2 shape, which v2 has no field
 * for: who sent it (`actor`, `actorSubscriber`), its delivery `status`, and each button's
 * `resultContent`. The inbox shows them when they are there. A v1 client's lists carry them
 * (`fromV1`), and so do the proxy's lists answered over v1.
 */
export interface V1Extras {
  actor?: Actor | undefined;
  actorSubscriber?: ActorSubscriber | string | null | undefined;
  status?: MessageStatus | undefined;
  primaryAction?: (InboxAction & { resultContent?: string | undefined }) | undefined;
  secondaryAction?: (InboxAction & { resultContent?: string | undefined }) | undefined;
}

/** A v1 message in the v2 shape, with what v1 says that v2 does not (`V1Extras`; a feed item's sender and status). */
export function fromV1(message: FeedItem<unknown> | MarkedMessage, subscriberId: string): InboxNotification<FreePayload> & V1Extras {
  const action = message.cta.action;
  // With what v1 shows once it was clicked (`V1Extras`): a change's answer writes the button whole.
  const button = (type: 'primary' | 'secondary'): V1Extras['primaryAction'] => {
    const found = action?.buttons?.find((b) => b.type === type);
    return found && { label: found.content, isCompleted: action?.status === 'done' && action.result?.type === type, resultContent: found.resultContent };
  };
  const { subscriber: recipient, actor, actorSubscriber, status, tags } = message as FeedItem<unknown>;
  const url = message.cta.data?.url;
  return {
    actor,
    actorSubscriber,
    status,
    id: message._id ?? '',
    transactionId: message.transactionId,
    subject: message.subject ?? undefined,
    body: typeof message.content === 'string' ? message.content : '',
    to: { ...recipient, id: recipient?._id ?? message._subscriberId, subscriberId },
    isRead: message.read,
    isSeen: message.seen,
    isArchived: false,
    isSnoozed: false,
    createdAt: message.createdAt ?? '',
    readAt: (message as MarkedMessage).lastReadDate,
    primaryAction: button('primary'),
    secondaryAction: button('secondary'),
    channelType: message.channel,
    tags: tags ?? undefined,
    data: message.payload as Record<string, unknown> | undefined,
    redirect: url ? { url } : undefined,
    severity: 'none',
  };
}

/**
 * Operation `name` through the v1 client: the read, unread, button and seen/read-all changes and
 * the list, where v1 has them (seen by ids or all, read all; no v2 filters); else `unsupported`.
 */
export const viaV1 = (client: InboxV1Client<unknown>) => async (name: string, operation: string, p: Params, options?: RequestOptions): Promise<unknown> => {
  const { subscriberId, notificationId } = p;
  if (name === 'list') {
    const limit = p.limit ?? 10;
    const offset = p.offset ?? 0;
    // v1 pages by number, and has none of v2's other filters.
    if (p.after || p.archived || p.snoozed || p.severity || p.tags || p.createdGte || p.createdLte || p.contextKeys || offset % limit) return unsupported(`${operation} with these filters`);
    const page = await client.getFeed({ subscriberId, page: offset / limit, limit, read: p.read, seen: p.seen, payload: p.data }, options);
    return {
      data: page.data.map((item) => fromV1(item, subscriberId)),
      hasMore: page.hasMore,
      filter: { read: p.read, seen: p.seen, data: p.data },
      invalidItems: page.invalidItems,
    };
  }
  if (name === 'markAsRead' || name === 'markAsUnread') {
    const answer = await client.markAs({ subscriberId, messageId: [notificationId], markAs: name === 'markAsRead' ? 'read' : 'unread' }, options);
    const found = answer.find((m) => m._id === notificationId);
    if (!found) throw new InboxValidationError(operation, [{ path: '', message: `the answer lacks notification ${notificationId}` }], answer);
    return fromV1(found, subscriberId);
  }
  if (name === 'completeAction' || name === 'revertAction') {
    const type = p.actionType as 'primary' | 'secondary';
    return fromV1(await client.markAction({ subscriberId, messageId: notificationId, type, status: name === 'completeAction' ? 'done' : 'pending' }, options), subscriberId);
  }
  if (name === 'markAsSeen' || name === 'markAllAsRead') {
    // By payload, or without the service's mark-all route, the proxy marks all 100 at a time (server/mark-everything.ts).
    if (p.tags || p.data || p.contextKeys) return unsupported(`${operation} with these filters`);
    const markAs = name === 'markAsSeen' ? 'seen' : 'read';
    const ids = p.notificationIds as readonly string[] | undefined;
    if (!ids) return void (await client.markAll({ subscriberId, markAs }, options));
    // What v1 answers: the messages it changed (one it left out is not this subscriber's, or gone).
    return (await client.markAs({ subscriberId, messageId: ids, markAs }, options)).map((m) => fromV1(m, subscriberId));
  }
  return unsupported(operation);
};
