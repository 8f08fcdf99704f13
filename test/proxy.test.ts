/**
 * createInboxProxy in front of the reference service, mounted in Node's http
 * server, attacked the ways a browser user could.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInboxClient } from 'inbox-kit/client';
import { createInboxProxy } from 'inbox-kit/server';
import { setupListeners } from './helpers/listen';
import { setupProxies } from './helpers/proxy';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const listen = setupListeners();
/** The proxy at /api/inbox; the "session" is the x-test-user header, admins send x-test-admin. */
const proxyFor = setupProxies(ref);

let base = '';
beforeAll(async () => {
  base = await proxyFor();
});
beforeEach(() => ref.service.reset());

const asAda = { 'x-test-user': 'sub_ada' };
const get = (path: string, headers: Record<string, string> = asAda) => fetch(`${base}${path}`, { headers });

describe('createInboxProxy', () => {
  it('serves the signed-in user through the client, without an API key in the browser', async () => {
    const client = createInboxClient({ baseUrl: base, headers: asAda });
    const page = await client.getFeed({ subscriberId: 'sub_ada', read: false, limit: 5 });
    expect(page.data).toHaveLength(5);
    await client.markAs({ subscriberId: 'sub_ada', messageId: page.data[0]?._id ?? '', markAs: 'read' });
    expect((await client.updatePreferences({ subscriberId: 'sub_ada', channels: { sms: false } })).global.channels.sms).toBe(false);
    expect(ref.service.feedOf('sub_ada').find((n) => n._id === page.data[0]?._id)?.read).toBe(true);
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await get('/v1/subscribers/sub_ada/notifications/feed', {});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it.each([
    ['plain', '/v1/subscribers/sub_grace/notifications/feed', 403],
    ['percent-encoded', '/v1/subscribers/sub%5Fgrace/notifications/feed', 403],
    ['fully percent-encoded', '/v1/subscribers/%73%75%62%5f%67%72%61%63%65/notifications/feed', 403],
    ['double-encoded', '/v1/subscribers/sub%255Fgrace/notifications/feed', 400],
    ['with ..', '/v1/subscribers/sub_ada/../sub_grace/notifications/feed', 403],
    // URL parsing turns %2E%2E into a .. segment, which resolves to sub_grace: refused as another's.
    ['with encoded ..', '/v1/subscribers/sub_ada/%2E%2E/sub_grace/notifications/feed', 403],
    ['with an encoded slash', '/v1/subscribers/sub_ada%2F..%2Fsub_grace/notifications/feed', 400],
    ['with an encoded backslash', '/v1/subscribers/sub_ada%5C..%5Csub_grace/notifications/feed', 400],
    ['preferences of another', '/v2/subscribers/sub_grace/preferences', 403],
  ])('refuses another subscriber’s data (%s)', async (_, path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(ref.service.requests).toHaveLength(0);
  });

  it('refuses mark-as on another subscriber, and unknown routes', async () => {
    const markAs = await fetch(`${base}/v1/subscribers/sub_grace/messages/mark-as`, {
      method: 'POST',
      headers: { ...asAda, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: 'x', markAs: 'read' }),
    });
    expect(markAs.status).toBe(403);
    expect((await get('/v1/subscribers/sub_ada')).status).toBe(404);
    expect((await get('/v1/integrations')).status).toBe(404);
    expect((await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`, { method: 'DELETE', headers: asAda })).status).toBe(405);
    expect(ref.service.requests).toHaveLength(0);
  });

  it('lets admin operations through only when authorizeAdmin allows them', async () => {
    const body = JSON.stringify({ name: 'product-announcement', payload: { title: 'Hi' } });
    const send = (headers: Record<string, string>) =>
      fetch(`${base}/v1/events/trigger/broadcast`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body });
    expect((await send(asAda)).status).toBe(403);
    expect(ref.service.requests).toHaveLength(0);
    const allowed = await send({ ...asAda, 'x-test-admin': 'yes' });
    expect(allowed.status).toBe(201);
    expect(await allowed.json()).toMatchObject({ data: { status: 'processed' } });
    const mailgun = ref.service.data.integrations.find((i) => i.identifier === 'mailgun-eu');
    const primary = await fetch(`${base}/v1/integrations/${mailgun?._id ?? ''}/set-primary`, { method: 'POST', headers: { ...asAda, 'x-test-admin': 'yes' } });
    expect(await primary.json()).toMatchObject({ data: { primary: true } });
  });

  it('drops the client’s Authorization and other headers, adds the ApiKey, forwards idempotency-key', async () => {
    const seen: Headers[] = [];
    const echo = await listen(async (request) => {
      seen.push(request.headers);
      return new Response('[]', { headers: { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1', 'Idempotency-Replay': 'true' } });
    });
    const proxied = await proxyFor({ upstream: echo });
    const response = await fetch(`${proxied}/v1/subscribers/sub_ada/messages/mark-as`, {
      method: 'POST',
      headers: {
        ...asAda,
        Authorization: 'ApiKey stolen-or-forged',
        Cookie: 'session=secret',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-Host': 'evil.example',
        'idempotency-key': 'key-1',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ messageId: 'x', markAs: 'read' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('idempotency-replay')).toBe('true');
    const received = seen[0] ?? new Headers();
    expect(received.get('authorization')).toBe(`ApiKey ${ref.service.apiKey}`);
    // Scoped to the signed-in user (every user shares the API key upstream).
    expect(received.get('idempotency-key')).toMatch(/^[0-9a-f]{16}:key-1$/);
    expect(received.get('cookie')).toBeNull();
    expect(received.get('x-forwarded-host')).toBeNull();
    expect(received.get('x-test-user')).toBeNull();
  });

  it('refuses a malformed idempotency-key, oversized bodies and bodies that are not JSON', async () => {
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, { method: 'POST', headers: { ...asAda, ...headers }, body });
    expect((await post('{}', { 'Content-Type': 'application/json', 'idempotency-key': 'k'.repeat(256) })).status).toBe(400);
    expect((await post(JSON.stringify({ messageId: 'x'.repeat(70_000), markAs: 'read' }), { 'Content-Type': 'application/json' })).status).toBe(413);
    expect((await post('messageId=x', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(ref.service.requests).toHaveLength(0);
  });

  it('passes the service’s known errors on with their status and headers; any other error text only to the server’s log', async () => {
    const logged: string[] = [];
    const logging = await proxyFor({ log: (line) => void logged.push(line) });
    const get = (path: string) => fetch(`${logging}${path}`, { headers: asAda });
    ref.service.injectFault({ status: 503, retryAfter: 2 });
    const response = await get('/v2/subscribers/sub_ada/preferences');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    const body = await response.json();
    expect(body.message).not.toContain('Injected fault');
    const id = /request ([0-9a-f-]{36})/.exec(body.message)?.[1];
    expect(logged).toEqual([expect.stringContaining(`request ${id}: The notification service answered 503: {`)]);
    expect(logged[0]).toContain('Injected fault');
    const bad = await get('/v1/subscribers/sub_ada/notifications/feed?limit=500');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ statusCode: 400, message: ['limit must not be greater than 100'], error: 'Bad Request' });
    expect(logged).toHaveLength(1);
  });

  it('a payload nested thousands deep is refused with the service’s 400, not a crash’s text', async () => {
    // Written out: JSON.stringify itself overflows the stack on it.
    const nested = `${'{"a":'.repeat(5_000)}{}${'}'.repeat(5_000)}`;
    const id = ref.service.feedOf('sub_ada')[0]?._id;
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/${id}/actions/primary`, {
      method: 'POST',
      headers: { ...asAda, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: `{"status":"done","payload":${nested}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: 'Request body nests deeper than 100 levels', error: 'Bad Request' });
  });

  it('answers 502 when the service is down and 504 when it is too slow', async () => {
    const down = await proxyFor({ upstream: 'http://127.0.0.1:9' });
    expect((await fetch(`${down}/v2/subscribers/sub_ada/preferences`, { headers: asAda })).status).toBe(502);
    const slow = await proxyFor({ timeoutMs: 100 });
    ref.service.setFaults({ latencyMs: 400 });
    const response = await fetch(`${slow}/v2/subscribers/sub_ada/preferences`, { headers: asAda });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ statusCode: 504, message: expect.stringContaining('100 ms') });
  });
});

describe('configuration read when a request comes', () => {
  it('builds without secrets; a request without them gets a plain 500 and the developer a log line', async () => {
    const saved = { upstream: process.env.INBOX_UPSTREAM_URL, key: process.env.INBOX_API_KEY };
    delete process.env.INBOX_UPSTREAM_URL;
    delete process.env.INBOX_API_KEY;
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    try {
      // Creating it, as `next build` does when it loads the route module, needs no secrets.
      const handler = createInboxProxy({ authenticate: () => 'sub_ada' });
      const response = await handler(new Request('http://app.test/api/inbox/v1/subscribers/sub_ada/notifications/feed'));
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(body).toContain('not configured');
      expect(body).not.toMatch(/INBOX_|apiKey|upstream/);
      expect(errors.join('\n')).toMatch(/`upstream` is not set: pass it, or set INBOX_UPSTREAM_URL/);

      // Set later (a deployment's environment): read at the next request.
      process.env.INBOX_UPSTREAM_URL = ref.url;
      const noKey = await handler(new Request('http://app.test/api/inbox/v1/subscribers/sub_ada/notifications/feed'));
      expect(noKey.status).toBe(500);
      expect(errors.join('\n')).toMatch(/`apiKey` is not set: pass it, or set INBOX_API_KEY/);
      process.env.INBOX_API_KEY = ref.service.apiKey;
      const served = await handler(new Request('http://app.test/api/inbox/v1/subscribers/sub_ada/notifications/feed'));
      expect(served.status).toBe(200);
    } finally {
      spy.mockRestore();
      if (saved.upstream === undefined) delete process.env.INBOX_UPSTREAM_URL;
      else process.env.INBOX_UPSTREAM_URL = saved.upstream;
      if (saved.key === undefined) delete process.env.INBOX_API_KEY;
      else process.env.INBOX_API_KEY = saved.key;
    }
  });
});
