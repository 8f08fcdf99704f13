/**
 * Whether a notification the user asks to unsnooze is one of their snoozed ones, asked of the
 * service before the change goes. The service finds the notification to unsnooze in the whole
 * environment and deletes its pending wake-up before its subscriber-scoped update fails; a user
 * must not reach another's. The user's snoozed list is read by cursor, at most five pages of 100,
 * each page counted by the user's limit and inside the request's time bound.
 */
import { OwnershipUnknown, type LookUp } from './ownership';
import { readBody } from './read-body';
import { isJson } from './upstream-answer';

const PAGES = 5;

export async function isSnoozedByUser(subscriberId: string, notificationId: string, { upstream, apiKey, fetch, signal, allowed }: LookUp): Promise<boolean> {
  let after: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    if (!(await allowed())) throw new OwnershipUnknown('the rate limit leaves no room to check the snoozed notifications');
    const query = new URLSearchParams({ snoozed: 'true', limit: '100', ...(after ? { after } : {}) });
    const answer = await fetch(`${upstream}/v2/subscribers/${encodeURIComponent(subscriberId)}/notifications?${query.toString()}`, {
      headers: { Accept: 'application/json', Authorization: `ApiKey ${apiKey}` },
      signal,
      redirect: 'manual',
    }).catch((error: unknown) => {
      throw new OwnershipUnknown(`the snoozed list could not be read: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (!answer.ok || !isJson(answer)) {
      void answer.body?.cancel().catch(() => undefined);
      throw new OwnershipUnknown(`the snoozed list answered ${answer.status}`);
    }
    const text = await readBody(answer, 4 * 1024 * 1024);
    if (text === 'too-large' || text === 'too-slow' || text === 'cut-off') throw new OwnershipUnknown(`the snoozed list's answer was ${text}`);
    let body: { data?: { id?: unknown; to?: { subscriberId?: unknown } }[]; hasMore?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new OwnershipUnknown('the snoozed list is not JSON');
    }
    const items = Array.isArray(body?.data) ? body.data : [];
    if (items.some((item) => item?.id === notificationId && item.to?.subscriberId === subscriberId)) return true;
    const last = items.at(-1)?.id;
    if (body?.hasMore !== true || typeof last !== 'string') return false;
    after = last;
  }
  return false;
}
