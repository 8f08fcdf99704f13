/**
 * `client.notifications` (the service's v2 API) and its dialects over real HTTP: v2 on the
 * deployed form of the reference service, the fall-back to v1 on its spec form (which has no v2
 * routes), the choice remembered, what v1 cannot do said plainly, and v2 records checked item by item.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createInboxClient, InboxApiError, InboxArgumentError, InboxError, type InboxClientOptions } from 'inbox-kit/client';
import { setupReferenceServer } from './helpers/reference-server';

const deployed = setupReferenceServer();
const spec = setupReferenceServer({ mode: 'spec' });

function clientOf(server: typeof deployed, options: Partial<InboxClientOptions<undefined>> = {}) {
  return createInboxClient({ baseUrl: server.url, apiKey: server.service.apiKey, retry: false, ...options });
}

const v2Requests = (server: typeof deployed) => server.service.requests.filter((r) => r.path.startsWith('/v2/subscribers/sub_ada/notifications')).length;

describe("api: 'auto'", () => {
  it('speaks v2 to a service that has it', async () => {
    const client = clientOf(deployed);
    const page = await client.notifications.list({ subscriberId: 'sub_ada', limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.data[0]).toMatchObject({ to: { subscriberId: 'sub_ada' }, channelType: 'in_app' });
    expect(deployed.service.requests.at(-1)?.path).toBe('/v2/subscribers/sub_ada/notifications');
    expect(await client.capabilities({ subscriberId: 'sub_ada' })).toEqual({ api: 'v2', archive: true, snooze: true, delete: true, counts: true, cursor: true, filters: true });
  });

  it('falls back to v1 on a service without v2 routes, remembers it, and serves what v1 has in the v2 shape', async () => {
    const client = clientOf(spec);
    const page = await client.notifications.list({ subscriberId: 'sub_ada', limit: 5, read: false });
    const feed = spec.service.feedOf('sub_ada', { read: false }).slice(0, 5);
    expect(page.data.map((n) => n.id)).toEqual(feed.map((item) => item._id));
    expect(page.data.every((n) => !n.isRead && !n.isArchived && !n.isSnoozed && n.severity === 'none' && n.to.subscriberId === 'sub_ada')).toBe(true);
    expect(page.data[0]!.data).toEqual(feed[0]!.payload);
    expect(v2Requests(spec)).toBe(1);

    // Remembered: nothing more is asked of v2.
    const read = await client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: page.data[0]!.id });
    expect(read).toMatchObject({ id: page.data[0]!.id, isRead: true });
    await client.notifications.markAsSeen({ subscriberId: 'sub_ada', notificationIds: [page.data[1]!.id] });
    expect(spec.service.feedOf('sub_ada').find((item) => item._id === page.data[1]!.id)?.seen).toBe(true);
    const withButtons = spec.service.feedOf('sub_ada').find((item) => item.cta.action?.status === 'pending' && item.cta.action.buttons?.some((b) => b.type === 'primary'))!;
    const clicked = await client.notifications.completeAction({ subscriberId: 'sub_ada', notificationId: withButtons._id, actionType: 'primary' });
    expect(clicked.primaryAction?.isCompleted).toBe(true);
    await client.notifications.markAllAsRead({ subscriberId: 'sub_ada' });
    expect(spec.service.feedOf('sub_ada', { read: false })).toEqual([]);
    expect(v2Requests(spec)).toBe(1);
    expect(await client.capabilities({ subscriberId: 'sub_ada' })).toMatchObject({ api: 'v1', archive: false, snooze: false, delete: false, counts: false });
  });

  it('says plainly what v1 cannot do, and sends nothing for it', async () => {
    const client = clientOf(spec);
    await client.capabilities({ subscriberId: 'sub_ada' });
    const before = spec.service.requests.length;
    const [first] = (await client.notifications.list({ subscriberId: 'sub_ada', limit: 1 })).data;
    for (const call of [
      () => client.notifications.archive({ subscriberId: 'sub_ada', notificationId: first!.id }),
      () => client.notifications.snooze({ subscriberId: 'sub_ada', notificationId: first!.id, snoozeUntil: new Date(Date.now() + 3_600_000) }),
      () => client.notifications.delete({ subscriberId: 'sub_ada', notificationId: first!.id }),
      () => client.notifications.count({ subscriberId: 'sub_ada', filters: [{ read: false }] }),
      () => client.notifications.list({ subscriberId: 'sub_ada', after: first!.id }),
      () => client.notifications.archiveAll({ subscriberId: 'sub_ada' }),
      () => client.notifications.markAllAsRead({ subscriberId: 'sub_ada', tags: ['billing'] }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxError);
      expect((error as InboxError).code).toBe('unsupported');
      expect((error as InboxError).message).toMatch(/^notifications\.\w+.* needs the v2 API; this service has v1 only \(see `client\.capabilities\(\)`\)\.$/);
    }
    expect(spec.service.requests.length).toBe(before + 1);
  });

  it('calls made together before the dialect is known all land on v1, each having asked v2 once, and none asks again', async () => {
    const client = clientOf(spec);
    const [first] = spec.service.feedOf('sub_ada');
    const before = v2Requests(spec);
    const [page, read, capabilities] = await Promise.all([
      client.notifications.list({ subscriberId: 'sub_ada', limit: 2 }),
      client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: first!._id }),
      client.capabilities({ subscriberId: 'sub_ada' }),
    ]);
    expect([page.data.length, read.isRead, capabilities.api]).toEqual([2, true, 'v1']);
    expect(v2Requests(spec) - before).toBe(3);
    await client.notifications.list({ subscriberId: 'sub_ada', limit: 2 });
    expect(v2Requests(spec) - before).toBe(3);
  });

  it('once the service has answered on v2, a router-style 404 is an error, not a reason to switch to v1', async () => {
    let routerMiss = false;
    const client = clientOf(deployed, {
      fetch: async (input, init) => (routerMiss ? Response.json({ message: 'Cannot GET /v2/subscribers/sub_ada/notifications', error: 'Not Found', statusCode: 404 }, { status: 404 }) : fetch(input, init)),
    });
    await client.notifications.list({ subscriberId: 'sub_ada', limit: 1 });
    routerMiss = true;
    const error = await client.notifications.list({ subscriberId: 'sub_ada', limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxApiError);
    expect((error as InboxApiError).status).toBe(404);
    routerMiss = false;
    expect((await client.capabilities({ subscriberId: 'sub_ada' })).api).toBe('v2');
  });

  it('a 404 of a notification or a subscriber is not a missing route: the client stays on v2', async () => {
    const client = clientOf(deployed);
    const error = await client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: '0123456789abcdef01234567' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxApiError);
    expect((error as InboxApiError).status).toBe(404);
    const unknown = await client.notifications.list({ subscriberId: 'sub_nobody' }).catch((e: unknown) => e);
    expect((unknown as InboxApiError).messages).toEqual(["Subscriber 'sub_nobody' was not found"]);
    expect((await client.capabilities({ subscriberId: 'sub_ada' })).api).toBe('v2');
  });
});

describe("api: 'v2' and 'v1'", () => {
  it("'v2' never falls back: a v1-only service's 404 is the caller's", async () => {
    const error = await clientOf(spec, { api: 'v2' }).notifications.list({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxApiError);
    expect((error as InboxApiError).status).toBe(404);
  });

  it("'v1' never asks v2, even of a service that has it", async () => {
    const client = clientOf(deployed, { api: 'v1' });
    expect((await client.notifications.list({ subscriberId: 'sub_ada', limit: 2 })).data).toHaveLength(2);
    expect(v2Requests(deployed)).toBe(0);
    expect((await client.capabilities({ subscriberId: 'sub_ada' })).api).toBe('v1');
  });

  it('refuses an unknown dialect when the client is made', () => {
    expect(() => createInboxClient({ baseUrl: deployed.url, api: 'v3' as 'v2' })).toThrow(/createInboxClient: `api` must be 'auto', 'v2' or 'v1', received "v3"\./);
  });
});

describe('a delete whose answer was lost', () => {
  it('is done when the retry finds nothing to delete (the service ignores idempotency keys on DELETE)', async () => {
    const client = createInboxClient({ baseUrl: deployed.url, apiKey: deployed.service.apiKey, retry: { retries: 2, baseDelayMs: 1 } });
    const [first] = deployed.service.feedOf('sub_ada');
    deployed.service.injectFault({ method: 'DELETE', drop: 'after' });
    await expect(client.notifications.delete({ subscriberId: 'sub_ada', notificationId: first!._id })).resolves.toBeUndefined();
    expect(deployed.service.requests.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([0, 404]);
    // With no unclear attempt before it, a 404 is the caller's.
    await expect(client.notifications.delete({ subscriberId: 'sub_ada', notificationId: first!._id })).rejects.toMatchObject({ status: 404 });
  });
});

describe('records and arguments', () => {
  it('a malformed notification is left out and reported; the rest of the page is kept', async () => {
    const good = { id: 'n1', transactionId: 't', body: 'hi', to: { id: 'x', subscriberId: 'sub_ada' }, isRead: false, isSeen: false, isArchived: false, isSnoozed: false, createdAt: '2026-01-01T00:00:00.000Z', channelType: 'in_app', severity: 'high' };
    const fetchPage: typeof fetch = async () => Response.json({ data: [good, { ...good, id: 'n2', isRead: 'no' }, 'junk', { ...good, id: 'n3', body: null, workflow: { id: 'w', name: 'W', critical: false } }], hasMore: false, filter: {} });
    const client = createInboxClient({ baseUrl: 'https://service.test', apiKey: 'k', fetch: fetchPage });
    const page = await client.notifications.list({ subscriberId: 'sub_ada' });
    // Content the service did not store, and a workflow without a trigger identifier, are as it sends them.
    expect(page.data.map((n) => n.id)).toEqual(['n1', 'n3']);
    expect(page.invalidItems).toEqual([
      { index: 1, id: 'n2', issues: [{ path: 'data[1].isRead', message: expect.stringMatching(/^expected boolean/) }] },
      { index: 2, id: undefined, issues: [{ path: 'data[2]', message: expect.stringMatching(/^expected object/) }] },
    ]);
  });

  it('payloadSchema checks and types each notification’s data', async () => {
    const schema = z.object({ invoice: z.string().startsWith('INV-'), amount: z.string() });
    const client = createInboxClient({ baseUrl: deployed.url, apiKey: deployed.service.apiKey, payloadSchema: schema });
    const page = await client.notifications.list({ subscriberId: 'sub_ada', limit: 100, data: { invoice: deployed.service.feedOf('sub_ada').find((i) => i.templateIdentifier === 'invoice-paid')?.payload?.invoice as string } });
    expect(page.data).toHaveLength(1);
    const invoice: string = page.data[0]!.data.invoice;
    expect(invoice).toMatch(/^INV-/);
    const all = await client.notifications.list({ subscriberId: 'sub_ada', limit: 100 });
    // Notifications without invoice data fail the schema: left out, named.
    expect(all.invalidItems.length).toBeGreaterThan(0);
    expect(all.data.length + all.invalidItems.length).toBe(deployed.service.feedOf('sub_ada').length);
    expect(all.invalidItems[0]!.issues[0]!.path).toMatch(/^data\[\d+\]\.data/);
  });

  it('refuses before sending what would make a wrong request', async () => {
    const client = clientOf(deployed);
    const before = deployed.service.requests.length;
    const cases: [() => Promise<unknown>, RegExp][] = [
      [() => client.notifications.list({ subscriberId: '' }), /notifications\.list: `subscriberId` must be a non-empty string/],
      [() => client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: '..' }), /`notificationId` cannot be "\.\."/],
      [() => client.notifications.completeAction({ subscriberId: 'sub_ada', notificationId: 'n1', actionType: 'tertiary' as 'primary' }), /`actionType` must be primary or secondary, received "tertiary"/],
      [() => client.notifications.snooze({ subscriberId: 'sub_ada', notificationId: 'n1', snoozeUntil: 'tomorrow' }), /`snoozeUntil` must be a Date or an ISO date-time, received "tomorrow"/],
      [() => client.notifications.count({ subscriberId: 'sub_ada', filters: [] }), /`filters` must be an array of 1 to 30 filters/],
    ];
    for (const [call, message] of cases) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxArgumentError);
      expect((error as Error).message).toMatch(message);
    }
    expect(deployed.service.requests.length).toBe(before);
  });

  it('a range the service refuses comes back with its rule named', async () => {
    const error = (await clientOf(deployed).notifications.list({ subscriberId: 'sub_ada', limit: 500 }).catch((e: unknown) => e)) as InboxApiError;
    expect(error.status).toBe(422);
    expect(error.messages).toEqual(['limit must not be greater than 100']);
    expect(error.message).toMatch(/notifications\.list failed with 422 Unprocessable Entity: limit must not be greater than 100\./);
  });
});
