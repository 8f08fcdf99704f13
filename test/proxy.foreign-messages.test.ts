/**
 * The deployed service's mark-as returns messages of other subscribers when their ids are sent.
 * createInboxProxy must not let any of them reach the browser, on any route, whatever the
 * upstream returns.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createInboxClient } from 'inbox-kit/client';
import { createInboxProxy, type InboxProxyOptions } from 'inbox-kit/server';
import { setupListeners } from './helpers/listen';
import { setupReferenceServer } from './helpers/reference-server';

const leaking = setupReferenceServer({ leakForeignMessages: true });
const listen = setupListeners();

async function proxyTo(upstream: string, options: Partial<InboxProxyOptions> = {}) {
  const origin = await listen(
    createInboxProxy({ upstream, apiKey: leaking.service.apiKey, authenticate: (request) => request.headers.get('x-test-user'), basePath: '/api/inbox', ...options }),
  );
  return `${origin}/api/inbox`;
}

const asAda = { 'x-test-user': 'sub_ada', 'Content-Type': 'application/json' };

describe('other subscribers’ messages never reach the browser', () => {
  beforeEach(() => leaking.service.reset());

  it('the reference service, switched to leak, does return Grace’s message to Ada’s mark-as', async () => {
    const theirs = leaking.service.feedOf('sub_grace')[0]?._id ?? '';
    const mine = leaking.service.feedOf('sub_ada')[0]?._id ?? '';
    const direct = await fetch(`${leaking.url}/v1/subscribers/sub_ada/messages/mark-as`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${leaking.service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: [mine, theirs], markAs: 'read' }),
    });
    const body = (await direct.json()) as { data: { _id: string }[] };
    expect(body.data.map((m) => m._id).sort()).toEqual([mine, theirs].sort());
  });

  it('through the proxy, mark-as answers with Ada’s messages only (and Grace’s stays unread)', async () => {
    const base = await proxyTo(leaking.url);
    const theirs = leaking.service.feedOf('sub_grace', { read: false })[0]?._id ?? '';
    const mine = leaking.service.feedOf('sub_ada', { read: false }).slice(0, 2).map((i) => i._id);
    const client = createInboxClient({ baseUrl: base, headers: { 'x-test-user': 'sub_ada' } });
    const changed = await client.markAs({ subscriberId: 'sub_ada', messageId: [...mine, theirs], markAs: 'read' });
    expect(changed.map((m) => m._id).sort()).toEqual([...mine].sort());
    // Comma-separated ids are split by the service: still only Ada's come back.
    const raw = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, { method: 'POST', headers: asAda, body: JSON.stringify({ messageId: `${mine[0] ?? ''},${theirs}`, markAs: 'seen' }) });
    expect(JSON.stringify(await raw.json())).not.toContain(theirs);
    expect(leaking.service.feedOf('sub_grace').find((i) => i._id === theirs)?.read).toBe(false);
  });

  it('a message action on someone else’s message is refused, and never returns it', async () => {
    const base = await proxyTo(leaking.url);
    const theirs = leaking.service.feedOf('sub_grace')[0]?._id ?? '';
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/${theirs}/actions/primary`, { method: 'POST', headers: asAda, body: JSON.stringify({ status: 'done' }) });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('"_subscriberId"');
  });

  it('whatever a hostile upstream answers, on every route that carries messages', async () => {
    const ada = leaking.service.data.subscribers.find((s) => s.subscriberId === 'sub_ada');
    const grace = leaking.service.data.subscribers.find((s) => s.subscriberId === 'sub_grace');
    const message = (owner: typeof ada, id: string, populated: boolean) => ({
      _id: id,
      _subscriberId: owner?._id,
      content: `secret of ${owner?.subscriberId ?? ''}`,
      ...(populated ? { subscriber: { _id: owner?._id, subscriberId: owner?.subscriberId } } : {}),
    });
    let lookups = 0;
    const hostile = await listen(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/v1/subscribers/sub_ada') {
        lookups++;
        return Response.json({ data: { _id: ada?._id, subscriberId: 'sub_ada' } });
      }
      if (path.endsWith('/notifications/feed')) {
        // A feed that mixes in Grace's item, one that names Ada but carries Grace's internal id, and one with no owner at all.
        const forged = { ...message(grace, 'f3', false), subscriber: { _id: ada?._id, subscriberId: 'sub_ada' } };
        return Response.json({ data: [message(ada, 'f1', true), message(grace, 'f2', true), forged, { _id: 'f4', content: 'whose?' }], hasMore: false, page: 0, pageSize: 10 });
      }
      if (path.endsWith('/mark-as')) return Response.json({ data: [message(ada, 'm1', false), message(grace, 'm2', false)] }, { status: 201 });
      if (path.includes('/actions/')) return Response.json({ data: message(grace, 'a1', false) }, { status: 201 });
      return Response.json({ data: {} });
    });
    const base = await proxyTo(hostile);
    const feed = await (await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`, { headers: asAda })).json();
    expect((feed as { data: { _id: string }[] }).data.map((m) => m._id)).toEqual(['f1']);
    const marked = await (await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, { method: 'POST', headers: asAda, body: JSON.stringify({ messageId: ['m1', 'm2'], markAs: 'read' }) })).json();
    expect((marked as { data: { _id: string }[] }).data.map((m) => m._id)).toEqual(['m1']);
    const action = await fetch(`${base}/v1/subscribers/sub_ada/messages/a1/actions/primary`, { method: 'POST', headers: asAda, body: JSON.stringify({ status: 'done' }) });
    expect(action.status).toBe(404);
    expect(await action.text()).not.toContain('secret');
    // Ada's internal id was learned from her own feed item; the service was asked at most once.
    expect(lookups).toBeLessThanOrEqual(1);
  });

  it('when the subscriber’s internal id cannot be had, nothing unprovable is passed on, and the answer says the outcome is unknown (never an empty success)', async () => {
    let lookUps = 0;
    const hostile = await listen(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/v1/subscribers/sub_ada') {
        lookUps++;
        return Response.json({ statusCode: 503, message: 'down' }, { status: 503 });
      }
      return Response.json({ data: Array.from({ length: 60 }, (_, i) => ({ _id: `m${i}`, _subscriberId: '64f0c0ffee0000000000b001', content: 'whose?' })) }, { status: 201 });
    });
    const base = await proxyTo(hostile, { log: () => undefined });
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, { method: 'POST', headers: asAda, body: JSON.stringify({ messageId: ['m1'], markAs: 'read' }) });
    // A 5xx: the client treats the change's outcome as unknown and sends it again under its key.
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('whose?');
    // One look-up for the request, not one per message.
    expect(lookUps).toBe(1);
  });

  it('a look-up that never answers is bounded by the request’s own time', async () => {
    const hanging = await listen(async (request) => {
      if (new URL(request.url).pathname === '/v1/subscribers/sub_ada') return new Promise<Response>(() => undefined);
      return Response.json({ data: [{ _id: 'm1', _subscriberId: '64f0c0ffee0000000000b001' }] }, { status: 201 });
    });
    const base = await proxyTo(hanging, { timeoutMs: 300, log: () => undefined });
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, { method: 'POST', headers: asAda, body: JSON.stringify({ messageId: ['m1'], markAs: 'read' }) });
    // The look-up never answers: any answer at all is the request's own time limit.
    expect(response.status).toBe(502);
  });

  it('the look-up counts against the user’s limit', async () => {
    const service = await listen(async (request) => {
      if (new URL(request.url).pathname === '/v1/subscribers/sub_ada') return Response.json({ data: { _id: '64f0c0ffee0000000000a001', subscriberId: 'sub_ada' } });
      return Response.json({ data: [{ _id: 'm1', _subscriberId: '64f0c0ffee0000000000a001' }] }, { status: 201 });
    });
    const base = await proxyTo(service, { rateLimit: { limit: 1, windowMs: 60_000 }, log: () => undefined });
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, { method: 'POST', headers: asAda, body: JSON.stringify({ messageId: ['m1'], markAs: 'read' }) });
    expect(response.status).toBe(502);
  });
});
