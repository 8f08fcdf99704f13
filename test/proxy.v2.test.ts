/**
 * createInboxProxy in front of the v2 subscriber-notifications API: the client's `notifications`
 * through it end to end, the subscriber pinned, other subscribers' notifications refused whatever
 * the upstream answers, counts and bulk answers reduced to what they are, the guarantees of v1
 * (forgery checks, per-user keys and limits) on the new routes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createInboxClient, InboxApiError } from 'inbox-kit/client';
import { createInboxProxy, type InboxProxyOptions } from 'inbox-kit/server';
import { inboxNotification } from './helpers/inbox-notification';
import { setupListeners } from './helpers/listen';
import { setupReferenceServer } from './helpers/reference-server';

const reference = setupReferenceServer();
const v1Only = setupReferenceServer({ mode: 'spec' });
const listen = setupListeners();

async function proxyTo(upstream: string, options: Partial<InboxProxyOptions> = {}) {
  const origin = await listen(
    createInboxProxy({ upstream, apiKey: reference.service.apiKey, authenticate: (request) => request.headers.get('x-test-user'), basePath: '/api/inbox', ...options }),
  );
  return `${origin}/api/inbox`;
}

const as = (user: string) => ({ 'x-test-user': user, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' });
const clientFor = (base: string, user: string) => createInboxClient({ baseUrl: base, headers: { 'x-test-user': user }, retry: false });

describe('v2 through the proxy', () => {
  beforeEach(() => reference.service.reset());

  it('every operation works for the signed-in user, read back through list and count', async () => {
    const client = clientFor(await proxyTo(reference.url), 'sub_ada');
    const page = await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, severity: ['high', 'none'] });
    expect(page.data).toHaveLength(5);
    expect(page.data.every((n) => n.to.subscriberId === 'sub_ada' && (n.severity === 'high' || n.severity === 'none'))).toBe(true);
    expect(page.filter).toEqual({ severity: ['high', 'none'] });
    const next = await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, after: page.data.at(-1)!.id });
    expect(next.data.some((n) => page.data.some((m) => m.id === n.id))).toBe(false);

    const [first, second, third] = page.data;
    expect((await client.notifications.markAsUnread({ subscriberId: 'sub_ada', notificationId: first!.id })).isRead).toBe(false);
    expect((await client.notifications.archive({ subscriberId: 'sub_ada', notificationId: second!.id })).isArchived).toBe(true);
    const snoozed = await client.notifications.snooze({ subscriberId: 'sub_ada', notificationId: third!.id, snoozeUntil: new Date(Date.now() + 3_600_000) });
    expect(snoozed.isSnoozed).toBe(true);
    const [archived, snoozedCount] = await client.notifications.count({ subscriberId: 'sub_ada', filters: [{ archived: true }, { snoozed: true }] });
    expect([archived?.count, snoozedCount?.count]).toEqual([1, 1]);
    await client.notifications.delete({ subscriberId: 'sub_ada', notificationId: second!.id });
    await client.notifications.markAllAsRead({ subscriberId: 'sub_ada' });
    const after = await client.notifications.list({ subscriberId: 'sub_ada', limit: 100 });
    expect(after.data.some((n) => n.id === second!.id)).toBe(false);
    expect(after.data.every((n) => n.isRead)).toBe(true);
    expect(await client.capabilities({ subscriberId: 'sub_ada' })).toMatchObject({ api: 'v2', archive: true, snooze: true, delete: true, counts: true });
  });

  it('another subscriber’s path is refused (403) and their notification is not found (404), on every kind of route', async () => {
    const base = await proxyTo(reference.url);
    const graces = reference.service.feedOf('sub_grace')[0]!._id;
    for (const [method, path] of [
      ['GET', '/v2/subscribers/sub_grace/notifications'],
      ['GET', '/v2/subscribers/sub_grace/notifications/count?filters=%5B%7B%7D%5D'],
      ['PATCH', `/v2/subscribers/sub_grace/notifications/${graces}/read`],
      ['DELETE', `/v2/subscribers/sub_grace/notifications/${graces}`],
      ['POST', '/v2/subscribers/sub_grace/notifications/delete'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method, headers: as('sub_ada'), body: method === 'POST' ? '{}' : undefined });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const ada = clientFor(base, 'sub_ada');
    for (const change of [
      () => ada.notifications.archive({ subscriberId: 'sub_ada', notificationId: graces }),
      () => ada.notifications.delete({ subscriberId: 'sub_ada', notificationId: graces }),
      () => ada.notifications.completeAction({ subscriberId: 'sub_ada', notificationId: graces, actionType: 'primary' }),
    ]) {
      const error = await change().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxApiError);
      expect((error as InboxApiError).status).toBe(404);
      expect((error as InboxApiError).messages).toEqual([`Notification with id: ${graces} is not found.`]);
    }
    expect(reference.service.feedOf('sub_grace').some((n) => n._id === graces)).toBe(true);
  });

  it('the service’s validation errors reach the browser as the rules it names', async () => {
    const ada = clientFor(await proxyTo(reference.url), 'sub_ada');
    const [first] = (await ada.notifications.list({ subscriberId: 'sub_ada', limit: 1 })).data;
    const error = (await ada.notifications.snooze({ subscriberId: 'sub_ada', notificationId: first!.id, snoozeUntil: new Date(Date.now() + 1_000) }).catch((e: unknown) => e)) as InboxApiError;
    expect(error.status).toBe(422);
    expect(error.messages).toEqual(['Snooze time must be at least 60 seconds in the future']);
    expect(error.message).toMatch(/^notifications\.snooze failed with 422\b.*: Snooze time must be at least 60 seconds in the future\./);
  });

  it('a change from another site is refused on the v2 routes too (403), a DELETE included', async () => {
    const base = await proxyTo(reference.url);
    const mine = reference.service.feedOf('sub_ada')[0]!._id;
    for (const [method, path] of [
      ['DELETE', `/v2/subscribers/sub_ada/notifications/${mine}`],
      ['PATCH', `/v2/subscribers/sub_ada/notifications/${mine}/archive`],
      ['POST', '/v2/subscribers/sub_ada/notifications/delete'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method, headers: { ...as('sub_ada'), 'Sec-Fetch-Site': 'cross-site' }, body: method === 'POST' ? '{}' : undefined });
      expect(response.status).toBe(403);
    }
    expect(reference.service.feedOf('sub_ada').some((n) => n._id === mine)).toBe(true);
  });

  it('checks each notification’s `data` with its payloadSchema, for a client given `payloadSchema: "proxy"`', async () => {
    const schema = z.object({ project: z.string(), result: z.enum(['succeeded']) });
    const base = await proxyTo(reference.url, { payloadSchema: schema });
    const client = createInboxClient({ baseUrl: base, headers: { 'x-test-user': 'sub_ada' }, payloadSchema: 'proxy' });
    const page = await client.notifications.list({ subscriberId: 'sub_ada', limit: 100, severity: ['medium'] });
    // Deploys: those that failed are left out, named in invalidItems; the rest typed.
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((n) => n.data?.result === 'succeeded')).toBe(true);
    expect(page.invalidItems.length).toBeGreaterThan(0);
    expect(page.invalidItems[0]!.issues[0]!.path).toMatch(/^data\[\d+\]\.data\.result$/);
  });
});

describe('v2 through the proxy: the dialect and the unsnooze', () => {
  it("a v1-only service behind the proxy: its router's 404 names the URL with its query, passes, and the client falls back", async () => {
    const client = clientFor(await proxyTo(v1Only.url, { apiKey: v1Only.service.apiKey }), 'sub_ada');
    const page = await client.notifications.list({ subscriberId: 'sub_ada', limit: 3, read: false });
    expect(page.data.map((n) => n.id)).toEqual(v1Only.service.feedOf('sub_ada', { read: false }).slice(0, 3).map((item) => item._id));
    expect((await client.capabilities({ subscriberId: 'sub_ada' })).api).toBe('v1');
  });

  it('an unsnooze of another’s snoozed notification is refused before it reaches the service (which finds it in the whole environment)', async () => {
    const base = await proxyTo(reference.url);
    const grace = clientFor(base, 'sub_grace');
    const [theirs] = (await grace.notifications.list({ subscriberId: 'sub_grace', limit: 1 })).data;
    await grace.notifications.snooze({ subscriberId: 'sub_grace', notificationId: theirs!.id, snoozeUntil: new Date(Date.now() + 3_600_000) });
    const before = reference.service.requests.length;
    const error = (await clientFor(base, 'sub_ada').notifications.unsnooze({ subscriberId: 'sub_ada', notificationId: theirs!.id }).catch((e: unknown) => e)) as InboxApiError;
    expect(error.status).toBe(404);
    expect(reference.service.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/subscribers/sub_ada/notifications']);
    expect(reference.service.data.messages.find((m) => m._id === theirs!.id)).toMatchObject({ snoozedUntil: expect.any(String), wakeUps: [expect.any(String)] });
    // Her own unsnooze goes through.
    expect((await grace.notifications.unsnooze({ subscriberId: 'sub_grace', notificationId: theirs!.id })).isSnoozed).toBe(false);
  });
});

describe('v2 against a hostile upstream', () => {
  const ADA = '64f0c0ffee0000000000a001';
  const notification = (owner: string, id: string) => inboxNotification(id, { body: `secret of ${owner}`, to: { id: 'x', subscriberId: owner } });

  it('passes of an answer only what the service’s records hold: the filter asked for, a boolean hasMore, the fields of a notification', async () => {
    const graces = [notification('sub_grace', 'g1')];
    const hostile = await listen(async (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/count')) return Response.json({ data: [{ count: 1, filter: { leak: graces } }] });
      if (path.endsWith('/notifications')) return Response.json({ data: [{ ...notification('sub_ada', 'n1'), leak: graces, to: { id: 'x', subscriberId: 'sub_ada', leak: graces } }], hasMore: { leak: graces }, filter: { leak: graces } });
      return Response.json({ data: { ...notification('sub_ada', 'p1'), workflow: { id: 'w', identifier: 'w', name: 'W', critical: false, leak: graces } }, leak: graces });
    });
    const base = await proxyTo(hostile);
    const texts = [
      await (await fetch(`${base}/v2/subscribers/sub_ada/notifications?read=false&severity=high`, { headers: as('sub_ada') })).text(),
      await (await fetch(`${base}/v2/subscribers/sub_ada/notifications/count?filters=${encodeURIComponent('[{"read":false}]')}`, { headers: as('sub_ada') })).text(),
      await (await fetch(`${base}/v2/subscribers/sub_ada/notifications/${ADA}/read`, { method: 'PATCH', headers: as('sub_ada') })).text(),
    ];
    for (const text of texts) expect(text).not.toContain('sub_grace');
    expect(JSON.parse(texts[0]!)).toEqual({ data: [notification('sub_ada', 'n1')], hasMore: false, filter: { read: false, severity: ['high'] } });
    expect(JSON.parse(texts[1]!)).toEqual({ data: [{ count: 1, filter: { read: false } }] });
  });

  it('passes only the user’s notifications, whatever the upstream answers on each v2 route', async () => {
    const hostile = await listen(async (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/count')) return Response.json({ data: [{ count: 3, filter: {}, leaked: notification('sub_grace', 'c1') }] });
      if (path.endsWith('/notifications')) {
        // Grace's, one with no recipient, and one that forges both shapes.
        const forged = { ...notification('sub_ada', 'n4'), _subscriberId: 'other', subscriber: { subscriberId: 'sub_grace' } };
        return Response.json({ data: [notification('sub_ada', 'n1'), notification('sub_grace', 'n2'), { id: 'n3', body: 'whose?' }, forged], hasMore: false, filter: {}, extra: notification('sub_grace', 'e1') });
      }
      if (request.method === 'PATCH') return Response.json({ data: notification('sub_grace', 'p1') });
      // Bulk and DELETE: 204 on the service; a body here must not pass.
      return Response.json({ data: [notification('sub_grace', 'b1')] });
    });
    const base = await proxyTo(hostile);
    const list = await (await fetch(`${base}/v2/subscribers/sub_ada/notifications`, { headers: as('sub_ada') })).json();
    expect(list).toEqual({ data: [notification('sub_ada', 'n1')], hasMore: false, filter: {} });
    const count = await fetch(`${base}/v2/subscribers/sub_ada/notifications/count?filters=%5B%7B%7D%5D`, { headers: as('sub_ada') });
    expect(await count.json()).toEqual({ data: [{ count: 3, filter: {} }] });
    const patch = await fetch(`${base}/v2/subscribers/sub_ada/notifications/${ADA}/read`, { method: 'PATCH', headers: as('sub_ada') });
    expect(patch.status).toBe(404);
    expect(await patch.text()).not.toContain('secret');
    for (const [method, path] of [
      ['DELETE', `/v2/subscribers/sub_ada/notifications/${ADA}`],
      ['POST', '/v2/subscribers/sub_ada/notifications/read'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method, headers: as('sub_ada'), body: method === 'POST' ? '{}' : undefined });
      expect(await response.text()).toBe('');
    }
  });

  it('forwards repeated filters as repeated keys, and scopes the idempotency key to the user', async () => {
    const seen: { url: string; key: string | null }[] = [];
    const upstream = await listen(async (request) => {
      seen.push({ url: request.url, key: request.headers.get('idempotency-key') });
      return request.method === 'GET' ? Response.json({ data: [], hasMore: false, filter: {} }) : new Response(null, { status: 204 });
    });
    const base = await proxyTo(upstream);
    await fetch(`${base}/v2/subscribers/sub_ada/notifications?severity=high&severity=low&contextKeys=a:1&contextKeys=b:2&secret=1`, { headers: as('sub_ada') });
    expect(new URL(seen[0]!.url).search).toBe('?severity=high&severity=low&contextKeys=a%3A1&contextKeys=b%3A2');
    await fetch(`${base}/v2/subscribers/sub_ada/notifications/archive`, { method: 'POST', headers: { ...as('sub_ada'), 'idempotency-key': 'k1' }, body: '{}' });
    expect(seen[1]!.key).toMatch(/^[0-9a-f]{16}:k1$/);
  });
});
