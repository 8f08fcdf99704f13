/**
 * A notification as the socket sends it (`notification_received`'s `data.message`: the stored message,
 * in v1's shape) in the inbox's shape (v2's), as the service's own browser SDK maps it; then checked
 * like any notification of a page (its payload with the app's schema). `undefined` when it is not one.
 */
import { parseItems, type PayloadCheck } from '../client/feed-page';
import { inboxNotificationSchema } from '../client/schemas/inbox-notification';
import type { Notification } from '../queries/matches';

type Loose = Record<string, unknown> | undefined;
const record = (value: unknown): Loose => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

export function inboxShape(message: unknown): Record<string, unknown> | undefined {
  const m = record(message);
  if (!m) return undefined;
  const cta = record(m.cta);
  const action = record(cta?.action);
  const buttons = Array.isArray(action?.buttons) ? action.buttons.map(record) : [];
  const result = record(action?.result);
  const button = (type: string) => {
    const found = buttons.find((b) => b?.type === type);
    return found && { label: found.content, isCompleted: action?.status === 'done' && result?.type === type, ...(found.url ? { redirect: { url: found.url, target: found.target } } : {}), resultContent: found.resultContent };
  };
  const recipient = record(m.subscriber);
  const actor = record(m.actor);
  const url = record(cta?.data)?.url;
  return {
    ...m,
    id: m._id ?? m.id,
    subject: m.subject ?? undefined,
    body: m.content ?? null,
    to: recipient && { ...recipient, id: recipient._id ?? recipient.id ?? m._subscriberId },
    isRead: m.read,
    isSeen: m.seen,
    isArchived: m.archived ?? false,
    isSnoozed: !!m.snoozedUntil,
    readAt: m.lastReadDate,
    firstSeenAt: m.firstSeenDate,
    avatar: m.avatar ?? (actor && actor.type !== 'none' && typeof actor.data === 'string' ? actor.data : undefined),
    primaryAction: button('primary'),
    secondaryAction: button('secondary'),
    channelType: m.channel,
    redirect: typeof url === 'string' ? { url, target: record(cta?.data)?.target } : undefined,
    severity: m.severity ?? 'none',
  };
}

/** The notification a frame holds, checked; `undefined` when it is malformed or its payload fails the app's schema. */
export async function arrivedNotification(message: unknown, payloadCheck: Exclude<PayloadCheck, 'proxy'>): Promise<Notification | undefined> {
  const shaped = inboxShape(message);
  if (!shaped) return undefined;
  const { data } = await parseItems<Notification>('notification_received', undefined, [JSON.parse(JSON.stringify(shaped)) as unknown], inboxNotificationSchema, payloadCheck, 'data');
  return data[0];
}
