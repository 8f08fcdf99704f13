/**
 * Whether a notification the user asks to unsnooze is one of their snoozed ones, asked of the
 * service before the change goes. The service finds the notification to unsnooze in the whole
 * environment and deletes its pending wake-up before its subscriber-scoped update fails; a user
 * must not reach another's. The user's snoozed list is read by cursor, at most five pages of 100,
 * each read as the proxy's other checks are (`lookUpJson`).
 */
import { lookUpJson, type LookUp } from './ownership';

const PAGES = 5;

export async function isSnoozedByUser(subscriberId: string, notificationId: string, lookUp: LookUp): Promise<boolean> {
  let after: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const query = new URLSearchParams({ snoozed: 'true', limit: '100', ...(after ? { after } : {}) });
    const path = `/v2/subscribers/${encodeURIComponent(subscriberId)}/notifications?${query.toString()}`;
    const body = (await lookUpJson(path, 4 * 1024 * 1024, 'the snoozed list', lookUp)) as { data?: { id?: unknown; to?: { subscriberId?: unknown } }[]; hasMore?: unknown } | null;
    const items = Array.isArray(body?.data) ? body.data : [];
    if (items.some((item) => item?.id === notificationId && item.to?.subscriberId === subscriberId)) return true;
    const last = items.at(-1)?.id;
    if (body?.hasMore !== true || typeof last !== 'string') return false;
    after = last;
  }
  return false;
}
