/**
 * createInboxProxy answering the v2 API over a service that has only v1, for a browser that speaks
 * only v2 and says so (`X-Inbox-Kit-Speaks: v2`): lists by offset, counts of the first 100, the
 * changes through v1 with the proxy's own ownership rules, and a clear 404 for what v1 cannot do.
 * Without the header nothing changes: the service's 404 passes, and a client falls back itself.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createInboxClient, InboxApiError } from 'inbox-kit/client';
import { createInboxProxy } from 'inbox-kit/server';
import { setupListeners } from './helpers/listen';
import { setupReferenceServer } from './helpers/reference-server';

// A deployment older than the v2 API: v1 as the deployed service answers it.
const v1Only = setupReferenceServer({ notificationsV2: false });
// More notifications than a count of the first 100 reaches.
const many = setupReferenceServer({ notificationsV2: false, messages: 150 });
// Older still: without mark-all.
const withoutMarkAll = setupReferenceServer({ notificationsV2: false, markAll: false, messages: 150 });
const listen = setupListeners();
beforeEach(() => v1Only.service.reset());

async function proxy() {
  const origin = await listen(createInboxProxy({ upstream: v1Only.url, apiKey: v1Only.service.apiKey, authenticate: (request) => request.headers.get('x-test-user'), basePath: '/api/inbox' }));
  return `${origin}/api/inbox`;
}
/** A v2-only client (as the kit's browser code is), signed in as `user`; `speaks`: whether it says so. */
const v2Client = (base: string, user: string, speaks = true) =>
  createInboxClient({ baseUrl: base, api: 'v2', retry: false, headers: { 'x-test-user': user, ...(speaks ? { 'x-inbox-kit-speaks': 'v2' } : {}) } });
const truth = (filter: { read?: boolean; seen?: boolean } = {}) => v1Only.service.feedOf('sub_ada', filter);
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as InboxApiError);

describe('the v2 API over a v1-only service, through the proxy', () => {
  it('lists in v2’s shape, by offset, and says the service is v1', async () => {
    const base = await proxy();
    const client = v2Client(base, 'sub_ada');
    const first = await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, read: false });
    expect(first.data.map((n) => n.id)).toEqual(truth({ read: false }).slice(0, 5).map((n) => n._id));
    expect(first.data.every((n) => n.isRead === false && n.to.subscriberId === 'sub_ada' && n.isArchived === false)).toBe(true);
    const next = await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, offset: 5, read: false });
    expect(next.data.map((n) => n.id)).toEqual(truth({ read: false }).slice(5, 10).map((n) => n._id));
    const raw = await fetch(`${base}/v2/subscribers/sub_ada/notifications?limit=1`, { headers: { 'x-test-user': 'sub_ada', 'x-inbox-kit-speaks': 'v2' } });
    expect(raw.headers.get('x-inbox-kit-upstream')).toBe('v1');
    // A cursor has no v1 equivalent: a 404 that says what to do.
    const cursor = await refusal(client.notifications.list({ subscriberId: 'sub_ada', limit: 5, after: first.data.at(-1)!.id }));
    expect(cursor?.status).toBe(404);
    expect(cursor?.messages[0]).toMatch(/after.*v1 only \(page by offset\)/);
  });

  it('answers the inbox’s tabs as v1 holds them: none archived or snoozed, no severity, no counts by tag', async () => {
    const client = v2Client(await proxy(), 'sub_ada');
    // All leaves out what is archived or snoozed: on v1, nothing.
    const all = await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, archived: false, snoozed: false });
    expect(all.data.map((n) => n.id)).toEqual(truth().slice(0, 5).map((n) => n._id));
    // Archived and Snoozed are empty.
    expect((await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, archived: true })).data).toEqual([]);
    expect((await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, snoozed: true })).data).toEqual([]);
    const counts = await client.notifications.count({
      subscriberId: 'sub_ada',
      filters: [{ read: false, snoozed: false }, { read: false, snoozed: false, severity: ['high'] }, { read: false, tags: ['billing'] }],
    });
    expect(counts.map((c) => c.count)).toEqual([truth({ read: false }).length, 0, 0]);
  });

  it('counts the first 100 of each filter', async () => {
    const client = v2Client(await proxy(), 'sub_ada');
    const counts = await client.notifications.count({ subscriberId: 'sub_ada', filters: [{ read: false }, { seen: false }] });
    expect(counts.map((c) => c.count)).toEqual([truth({ read: false }).length, truth({ seen: false }).length]);
    // Past 100: 100, a lower bound as v2's count is.
    for (const message of many.service.data.messages) message.read = false;
    expect(many.service.feedOf('sub_ada', { read: false }).length).toBeGreaterThan(100);
    const origin = await listen(createInboxProxy({ upstream: many.url, apiKey: many.service.apiKey, authenticate: (request) => request.headers.get('x-test-user'), basePath: '/api/inbox' }));
    const [past] = await v2Client(`${origin}/api/inbox`, 'sub_ada').notifications.count({ subscriberId: 'sub_ada', filters: [{ read: false }] });
    expect(past?.count).toBe(100);
    const archived = await refusal(client.notifications.count({ subscriberId: 'sub_ada', filters: [{ archived: true }] }));
    expect(archived?.status).toBe(404);
  });

  it('changes one notification, a button, seen and all read, through v1', async () => {
    const client = v2Client(await proxy(), 'sub_ada');
    const target = truth({ read: false })[0]!._id;
    const read = await client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: target });
    expect(read).toMatchObject({ id: target, isRead: true, isSeen: true });
    expect(truth().find((n) => n._id === target)?.read).toBe(true);
    expect(await client.notifications.markAsUnread({ subscriberId: 'sub_ada', notificationId: target })).toMatchObject({ id: target, isRead: false });
    const invitation = truth().find((n) => n.cta.action?.status === 'pending' && n.cta.action.buttons?.length)!._id;
    const clicked = await client.notifications.completeAction({ subscriberId: 'sub_ada', notificationId: invitation, actionType: 'primary' });
    expect(clicked.primaryAction?.isCompleted).toBe(true);
    expect(truth().find((n) => n._id === invitation)?.cta.action).toMatchObject({ status: 'done', result: { type: 'primary' } });
    const unseen = truth({ seen: false }).slice(0, 2).map((n) => n._id);
    await client.notifications.markAsSeen({ subscriberId: 'sub_ada', notificationIds: unseen });
    expect(unseen.every((id) => truth().find((n) => n._id === id)?.seen)).toBe(true);
    await client.notifications.markAllAsRead({ subscriberId: 'sub_ada' });
    expect(truth({ read: false })).toEqual([]);
  });

  it('never passes another subscriber’s notification, whatever v1 answers', async () => {
    const client = v2Client(await proxy(), 'sub_ada');
    const graces = v1Only.service.feedOf('sub_grace')[0]!;
    const refused = await refusal(client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: graces._id }));
    // The service answers mark-as with Grace's message (unchanged); the proxy's v1 route leaves it out: not found.
    expect(refused).toBeInstanceOf(InboxApiError);
    expect(refused?.status).toBe(404);
    expect(JSON.stringify(refused?.body ?? '')).not.toContain(graces.content.slice(0, 20));
    expect(v1Only.service.feedOf('sub_grace').find((n) => n._id === graces._id)?.read).toBe(graces.read);
    // Another user's path is refused before anything is asked.
    expect((await refusal(client.notifications.list({ subscriberId: 'sub_grace', limit: 5 })))?.status).toBe(403);
  });

  it('asks the service’s v2 routes once, then answers v2 itself without asking them again', async () => {
    const client = v2Client(await proxy(), 'sub_ada');
    const v2Asked = () => v1Only.service.requests.filter((r) => r.path.includes('/v2/')).length;
    await client.notifications.list({ subscriberId: 'sub_ada', limit: 5 });
    expect(v2Asked()).toBe(1);
    await client.notifications.count({ subscriberId: 'sub_ada', filters: [{ read: false }] });
    await client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: truth()[0]!._id });
    await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, offset: 5 });
    expect(v2Asked()).toBe(1);
  });

  it('answers a malformed list, count or filter with a 400 that says why', async () => {
    const base = await proxy();
    const ask = (path: string, init: RequestInit = {}) =>
      fetch(`${base}/v2/subscribers/sub_ada/notifications${path}`, { ...init, headers: { 'x-test-user': 'sub_ada', 'x-inbox-kit-speaks': 'v2', 'content-type': 'application/json' } });
    for (const answer of [
      await ask('?limit=2.5&offset=5'),
      await ask('?limit=5&data=%22x%22'),
      await ask('/count?filters=%5Bnull%5D'),
      await ask('/read', { method: 'POST', body: JSON.stringify({ data: '"x"' }) }),
    ]) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(/offset|not JSON|not a list|object/);
    }
  });

  it('marks all read 100 at a time where the service has no mark-all (409, go on, while some are left), and resumes under the same key after a failure', async () => {
    const noMarkAll = withoutMarkAll.service;
    noMarkAll.reset();
    for (const message of noMarkAll.data.messages) message.read = false;
    const origin = await listen(createInboxProxy({ upstream: withoutMarkAll.url, apiKey: noMarkAll.apiKey, authenticate: (request) => request.headers.get('x-test-user'), basePath: '/api/inbox' }));
    const client = v2Client(`${origin}/api/inbox`, 'sub_ada');
    const unread = () => noMarkAll.feedOf('sub_ada', { read: false }).length;
    expect(unread()).toBeGreaterThan(100);
    noMarkAll.injectFault({ latencyMs: 0, path: '/mark-as' });
    noMarkAll.injectFault({ status: 500, path: '/mark-as' });
    // One request makes at most 3 requests to the service: a 409 says more are left, and the same request again goes on.
    const markAll = async () => {
      let answer = await refusal(client.notifications.markAllAsRead({ subscriberId: 'sub_ada' }, { idempotencyKey: 'mark-all-1' }));
      for (let more = 0; answer?.status === 409 && more < 5; more++) answer = await refusal(client.notifications.markAllAsRead({ subscriberId: 'sub_ada' }, { idempotencyKey: 'mark-all-1' }));
      return answer;
    };
    const failed = await markAll();
    expect(failed?.status).toBe(500);
    expect(unread()).toBeGreaterThan(0);
    const before = noMarkAll.requests.length;
    expect(await markAll()).toBeUndefined();
    expect(unread()).toBe(0);
    const again = noMarkAll.requests.slice(before);
    // The failed batch is sent again as it was, under its key, before the listing goes on; mark-all is not asked again.
    expect(again.find((r) => r.path.endsWith('/mark-as'))?.idempotencyKey).toMatch(/mark-all-1-1$/);
    expect(again.some((r) => r.path.endsWith('/mark-all'))).toBe(false);
  });

  it('says what v1 cannot do, and changes nothing without the header', async () => {
    const base = await proxy();
    const target = truth()[0]!._id;
    const archive = await refusal(v2Client(base, 'sub_ada').notifications.archive({ subscriberId: 'sub_ada', notificationId: target }));
    expect(archive?.status).toBe(404);
    expect(archive?.messages[0]).toMatch(/needs the v2 API/);
    // A client that does not say it speaks only v2 meets the service's own 404 (and falls back to v1 itself in 'auto').
    const plain = await refusal(v2Client(base, 'sub_ada', false).notifications.list({ subscriberId: 'sub_ada', limit: 5 }));
    expect(plain?.status).toBe(404);
    expect(plain?.messages[0]).toMatch(/^Cannot GET/);
  });
});
