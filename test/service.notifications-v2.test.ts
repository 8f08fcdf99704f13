/**
 * The reference service's v2 subscriber-notifications API where the SDK cannot show it: time
 * passing (a snooze ending), the service's refusals and error shapes, and the spec mode without v2.
 */
import { describe, expect, it } from 'vitest';
import { createReferenceService } from 'inbox-kit/testing';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const BASE = 'http://service.test';

interface Notification {
  id: string;
  isRead: boolean;
  isSeen: boolean;
  isArchived: boolean;
  isSnoozed: boolean;
  createdAt: string;
  deliveredAt?: string[];
  snoozedUntil?: string;
}

function setUp(options: Parameters<typeof createReferenceService>[0] = {}) {
  let now = NOW;
  const service = createReferenceService({ now: NOW, clock: () => now, ...options });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await service.handle(
      new Request(`${BASE}/v2/subscribers/${path}`, {
        method,
        headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown> & { data: unknown }) };
  };
  const list = async (subscriberId: string, query = '') => (await call('GET', `${subscriberId}/notifications?limit=100${query}`)).body!.data as Notification[];
  const count = async (subscriberId: string, filters: object[]) =>
    ((await call('GET', `${subscriberId}/notifications/count?filters=${encodeURIComponent(JSON.stringify(filters))}`)).body!.data as { count: number }[]).map((c) => c.count);
  return { service, call, list, count, advance: (ms: number) => (now += ms) };
}

describe('v2: a snooze ends', () => {
  it('the notification comes back unread, first in the list, delivered again, and counts as new', async () => {
    const { call, list, count, advance } = setUp();
    const before = await list('sub_ada');
    const old = before.find((n) => n.isRead && before.indexOf(n) > 5)!;
    const [unreadBefore] = await count('sub_ada', [{ read: false }]);
    const snoozeUntil = new Date(NOW + 3_600_000).toISOString();
    const snoozed = await call('PATCH', `sub_ada/notifications/${old.id}/snooze`, { snoozeUntil });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body!.data).toMatchObject({ isSnoozed: true, snoozedUntil: snoozeUntil, isRead: true });
    expect((await list('sub_ada', '&snoozed=false')).some((n) => n.id === old.id)).toBe(false);

    advance(3_600_000 - 1);
    expect(await count('sub_ada', [{ snoozed: true }])).toEqual([1]);
    advance(1);
    const after = await list('sub_ada');
    expect(after[0]).toMatchObject({ id: old.id, isSnoozed: false, isRead: false, createdAt: snoozeUntil });
    expect(after[0]!.deliveredAt).toEqual([old.createdAt, snoozeUntil]);
    expect(await count('sub_ada', [{ read: false }, { snoozed: true }])).toEqual([unreadBefore! + 1, 0]);
  });

  it('a second snooze does not cancel the first one’s wake-up: the notification wakes at the sooner, as the service’s jobs do', async () => {
    const { call, list, advance } = setUp();
    const [first] = await list('sub_ada');
    await call('PATCH', `sub_ada/notifications/${first!.id}/snooze`, { snoozeUntil: new Date(NOW + 3_600_000).toISOString() });
    await call('PATCH', `sub_ada/notifications/${first!.id}/snooze`, { snoozeUntil: new Date(NOW + 7_200_000).toISOString() });
    advance(3_600_000);
    expect((await list('sub_ada')).find((n) => n.id === first!.id)).toMatchObject({ isSnoozed: false, isRead: false });
  });

  it('refuses a snooze under a minute ahead (422), past the plan’s longest (402), and an unsnooze of what is not snoozed (404)', async () => {
    const { call, list } = setUp();
    const [first] = await list('sub_grace');
    const soon = await call('PATCH', `sub_grace/notifications/${first!.id}/snooze`, { snoozeUntil: new Date(NOW + 30_000).toISOString() });
    expect(soon).toMatchObject({ status: 422, body: { message: 'Validation Error', errors: { general: { messages: ['Snooze time must be at least 60 seconds in the future'] } } } });
    const far = await call('PATCH', `sub_grace/notifications/${first!.id}/snooze`, { snoozeUntil: new Date(NOW + 2 * 86_400_000).toISOString() });
    expect(far).toMatchObject({ status: 402, body: { message: 'Snooze Duration Limit Exceeded' } });
    const unsnooze = await call('PATCH', `sub_grace/notifications/${first!.id}/unsnooze`);
    expect(unsnooze.status).toBe(404);
    expect(unsnooze.body!.message).toBe(`Could not find a snoozed notification with id '${first!.id}'. The notification may not exist or may not be in a snoozed state.`);
  });
});

describe('v2: what the service refuses, in its words', () => {
  it('ids: malformed (422 naming the command), another subscriber’s (404), an unknown subscriber (404; 400 for counts)', async () => {
    const { call, list } = setUp();
    const malformed = await call('PATCH', 'sub_ada/notifications/not-an-id/read');
    expect(malformed).toMatchObject({ status: 422, body: { message: 'Validation failed for MarkNotificationAsCommand: notificationId: notificationId must be a mongodb id' } });
    const [grace] = await list('sub_grace');
    expect(await call('PATCH', `sub_ada/notifications/${grace!.id}/archive`)).toMatchObject({ status: 404, body: { message: `Notification with id: ${grace!.id} is not found.` } });
    expect(await call('DELETE', `sub_ada/notifications/${grace!.id}`)).toMatchObject({ status: 404 });
    expect((await list('sub_grace')).some((n) => n.id === grace!.id)).toBe(true);
    expect(await call('GET', 'sub_nobody/notifications')).toMatchObject({ status: 404, body: { message: "Subscriber 'sub_nobody' was not found" } });
    const counted = await call('GET', `sub_nobody/notifications/count?filters=${encodeURIComponent('[{}]')}`);
    expect(counted.status).toBe(400);
    expect(counted.body!.message).toMatch(/^Subscriber sub_nobody doesn't exist in environment [0-9a-f]{24}$/);
  });

  it('filters: unread and archived together, bad data, a bad cursor, too many counts; a deleted cursor fails the page as on the service', async () => {
    const { call, list } = setUp();
    expect(await call('GET', 'sub_ada/notifications?read=false&archived=true')).toMatchObject({ status: 400, body: { message: 'Filtering for unread and archived notifications is not supported.' } });
    expect(await call('GET', `sub_ada/notifications?data=${encodeURIComponent('{"a":[1]}')}`)).toMatchObject({ status: 400, body: { message: 'Arrays are not supported in data filter' } });
    expect(await call('GET', 'sub_ada/notifications?after=nope')).toMatchObject({ status: 422, body: { errors: { general: { messages: ['The after cursor must be a valid MongoDB ObjectId'] } } } });
    expect(await call('GET', 'sub_ada/notifications?limit=101')).toMatchObject({ status: 422, body: { errors: { general: { messages: ['limit must not be greater than 100'] } } } });
    expect(await call('GET', `sub_ada/notifications/count?filters=${encodeURIComponent(JSON.stringify(Array(31).fill({})))}`)).toMatchObject({ status: 422 });
    expect(await call('GET', 'sub_ada/notifications/count?filters=%7Bnope')).toMatchObject({ status: 400, body: { message: 'Invalid filters, the JSON object should be provided.' } });
    const [first, second] = await list('sub_ada');
    expect(await call('DELETE', `sub_ada/notifications/${first!.id}`)).toEqual({ status: 204, body: undefined });
    expect((await call('GET', `sub_ada/notifications?after=${first!.id}`)).status).toBe(500);
    expect((await list('sub_ada'))[0]!.id).toBe(second!.id);
  });

  it('filters as the service’s store does: tag groups, null in data, contexts on a change', async () => {
    const { call, list, count, service } = setUp();
    const all = await list('sub_ada');
    const billing = all.filter((n) => (n as unknown as { tags: string[] }).tags.includes('billing')).length;
    const security = all.filter((n) => (n as unknown as { tags: string[] }).tags.includes('security')).length;
    expect(await count('sub_ada', [{ tags: ['billing', 'security'] }, { tags: { or: ['billing'] } }, { tags: { and: [{ or: ['billing'] }, { or: ['security'] }] } }])).toEqual([billing + security, billing, 0]);
    // `null` matches a missing field, as the store's equality does: every notification without an invoice.
    const withoutInvoice = all.filter((n) => (n as unknown as { data?: { invoice?: unknown } }).data?.invoice === undefined);
    expect(withoutInvoice.length).toBeLessThan(all.length);
    expect(await list('sub_ada', `&data=${encodeURIComponent('{"invoice":null}')}`)).toHaveLength(withoutInvoice.length);
    const [first] = all;
    expect((await call('PATCH', `sub_ada/notifications/${first!.id}/read?contextKeys=tenant:acme`)).status).toBe(404);
    service.data.messages.find((m) => m._id === first!.id)!.contextKeys = ['tenant:acme'];
    expect((await call('PATCH', `sub_ada/notifications/${first!.id}/read?contextKeys=tenant:acme`)).status).toBe(200);
  });

  it('counts stop at 100, as the service’s do', async () => {
    const { count } = setUp({ messages: 150 });
    expect(await count('sub_ada', [{}, { read: true }])).toEqual([100, expect.any(Number)]);
  });
});

describe('v2 in spec mode', () => {
  it('is absent: the router’s 404, which a client in `auto` takes for v1 only', async () => {
    const { call } = setUp({ mode: 'spec' });
    expect(await call('GET', 'sub_ada/notifications?limit=5')).toMatchObject({ status: 404, body: { message: 'Cannot GET /v2/subscribers/sub_ada/notifications?limit=5' } });
  });
});
