/**
 * A notification as the socket sends it (`notification_received`'s `data.message`: the stored message,
 * in v1's shape) in the inbox's shape (v2's), as the service's own browser SDK maps it: checked as a v1
 * feed item and mapped as a v1 client maps one (`fromV1`), except what the stored message carries of
 * v2's where a v1 feed has none (its data, severity, avatar, archived and snoozed state, first view,
 * the links' targets and the buttons' links); then checked like any notification of a page (its payload
 * with the app's schema). `undefined` when it is not one.
 */
import { parseItems, type PayloadCheck } from '../client/feed-page';
import { feedItemSchema } from '../client/schemas/feed';
import { inboxNotificationSchema, type InboxAction } from '../client/schemas/inbox-notification';
import { fromV1 } from '../client/v1-notifications';
import { JITLESS } from '../client/validate';
import type { Notification } from '../queries/matches';

/** The notification a frame holds, checked; `undefined` when it is malformed or its payload fails the app's schema. */
export async function arrivedNotification(message: unknown, payloadCheck: Exclude<PayloadCheck, 'proxy'>): Promise<Notification | undefined> {
  const parsed = feedItemSchema.safeParse(message, JITLESS);
  if (!parsed.success) return undefined;
  const { actor, cta, subscriber } = parsed.data;
  const v1 = fromV1(parsed.data, subscriber?.subscriberId ?? '');
  // What v1's feed has no field for, unchecked until the shape is.
  const m: Record<string, unknown> = parsed.data;
  // A button's link, which v1's feed does not map.
  const linked = (action: InboxAction | undefined, type: string) => {
    const button: Record<string, unknown> | undefined = cta.action?.buttons?.find((b) => b.type === type);
    return action && { ...action, redirect: button?.url ? { url: button.url, target: button.target } : undefined };
  };
  const shaped = {
    ...m,
    ...v1,
    data: m.data,
    severity: m.severity ?? 'none',
    avatar: m.avatar ?? ((actor?.type !== 'none' && actor?.data) || undefined),
    isArchived: m.archived ?? false,
    isSnoozed: !!m.snoozedUntil,
    firstSeenAt: m.firstSeenDate,
    primaryAction: linked(v1.primaryAction, 'primary'),
    secondaryAction: linked(v1.secondaryAction, 'secondary'),
    // `{ url, target }`
    redirect: v1.redirect && cta.data,
  };
  const { data } = await parseItems<Notification>('notification_received', undefined, [shaped], inboxNotificationSchema, payloadCheck, 'data');
  return data[0];
}

