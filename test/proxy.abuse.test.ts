/**
 * createInboxProxy against abuse by a signed-in user or another site: cross-site changes with a
 * cookie session, one user spending everybody's quota, idempotency keys that collide across
 * users, bodies that trickle in; and toNodeListener keeping server errors in the server's log.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimitStore, toNodeListener, type RateLimitStore } from 'inbox-kit/server';
import { setupProxies } from './helpers/proxy';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const proxyFor = setupProxies(ref);
beforeEach(() => ref.service.reset());

const markAs = (base: string, user: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/subscribers/${user}/messages/mark-as`, {
    method: 'POST',
    headers: { 'x-test-user': user, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ messageId: ref.service.feedOf(user)[0]?._id, markAs: 'read' }),
  });

describe('cross-site changes (a cookie session used by another site’s page)', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site: same-site (another port or subdomain)', { 'sec-fetch-site': 'same-site' }, 403],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }, 201],
    ['an older browser’s foreign Origin', { origin: 'http://evil.example' }, 403],
    ['an allowed front-end origin', { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' }, 201],
    ['a cookie with neither Sec-Fetch-Site nor Origin (not a current browser)', { cookie: 'session=ada' }, 403],
    ['neither, and no cookie (a token in a header, a server’s call)', {}, 201],
  ])('%s: %s', async (_, headers, status) => {
    const base = await proxyFor({ allowedOrigins: ['https://app.example'] });
    expect((await markAs(base, 'sub_ada', headers)).status).toBe(status);
  });

  it('lets a cookie without Sec-Fetch-Site or Origin through when told to (allowMissingOrigin)', async () => {
    const base = await proxyFor({ allowMissingOrigin: true });
    expect((await markAs(base, 'sub_ada', { cookie: 'session=ada' })).status).toBe(201);
  });

  it('refuses an empty-body set-primary from another site, and lets the same one from the app through', async () => {
    const base = await proxyFor();
    const integration = ref.service.data.integrations.find((i) => !i.primary && i.channel === 'email');
    if (!integration) throw new Error('no integration');
    const setPrimary = (site: string) =>
      fetch(`${base}/v1/integrations/${integration._id}/set-primary`, { method: 'POST', headers: { 'x-test-user': 'sub_ada', 'x-test-admin': 'yes', 'sec-fetch-site': site } });
    expect((await setPrimary('same-site')).status).toBe(403);
    expect(ref.service.data.integrations.find((i) => i._id === integration._id)?.primary).toBe(false);
    expect((await setPrimary('same-origin')).status).toBe(201);
  });

  it('reads need no origin check (a GET changes nothing)', async () => {
    const base = await proxyFor();
    const response = await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`, { headers: { 'x-test-user': 'sub_ada', 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(200);
  });
});

describe('a per-user limit', () => {
  it('answers 429 with Retry-After to the user past the limit, and only to them', async () => {
    const base = await proxyFor({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const feed = (user: string) => fetch(`${base}/v1/subscribers/${user}/notifications/feed`, { headers: { 'x-test-user': user } });
    for (let i = 0; i < 3; i++) expect((await feed('sub_ada')).status).toBe(200);
    const refused = await feed('sub_ada');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await feed('sub_grace')).status).toBe(200);
    // The service never saw the refused request.
    expect(ref.service.requests.filter((r) => r.path.includes('sub_ada'))).toHaveLength(3);
  });

  it('uses the store it is given (one shared by the app’s instances)', async () => {
    const hit = vi.fn<RateLimitStore['hit']>(() => ({ count: 1_000, resetAt: Date.now() + 5_000 }));
    const base = await proxyFor({ rateLimit: { store: { hit } } });
    const response = await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`, { headers: { 'x-test-user': 'sub_ada' } });
    expect(response.status).toBe(429);
    expect(hit).toHaveBeenCalledWith('inbox-kit:sub_ada', 60_000, 300);
  });

  it('counts in a sliding window: twice the limit does not get through across a window’s boundary', async () => {
    const store = createMemoryRateLimitStore();
    const windowMs = 60_000;
    const boundary = Math.ceil(Date.now() / windowMs) * windowMs + 10 * windowMs;
    const hits = (at: number, n: number) => {
      vi.setSystemTime(at);
      return Array.from({ length: n }, () => store.hit('inbox-kit:sub_ada', windowMs, 10).count <= 10).filter(Boolean).length;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Ten just before the boundary, ten just after: a fixed window would let all twenty through.
      expect(hits(boundary - 1_000, 10)).toBe(10);
      expect(hits(boundary + 1_000, 10)).toBe(0);
      // Retry-After is exact: the next one fits once the last window's share is down to nine.
      expect(store.hit('inbox-kit:sub_ada', windowMs, 10).resetAt).toBe(boundary + 6_000);
      vi.setSystemTime(boundary + 5_999);
      expect(store.hit('inbox-kit:sub_ada', windowMs, 10).count).toBe(11);
      vi.setSystemTime(boundary + 6_000);
      expect(store.hit('inbox-kit:sub_ada', windowMs, 10).count).toBe(10);
      vi.setSystemTime(boundary + 6_001);
      expect(store.hit('inbox-kit:sub_ada', windowMs, 10).count).toBe(11);
      // As the window slides past the first ten, room comes back, a little at a time.
      expect(hits(boundary + 30_000, 10)).toBe(4);
      expect(hits(boundary + 2 * windowMs, 10)).toBe(10);
      // And Retry-After says when the next one fits.
      vi.setSystemTime(boundary + 2 * windowMs + 1_000);
      const { resetAt } = store.hit('inbox-kit:sub_ada', windowMs, 10);
      expect(resetAt).toBeGreaterThan(boundary + 2 * windowMs + 1_000);
      expect(resetAt).toBeLessThanOrEqual(boundary + 4 * windowMs);
    } finally {
      vi.useRealTimers();
    }
  });

  it('caps all users together when told to (allUsers), before the service’s own limit refuses everyone', async () => {
    const base = await proxyFor({ rateLimit: { limit: 5, windowMs: 60_000, allUsers: 6 } });
    const users = ['sub_ada', 'sub_grace', 'sub_yuki', 'sub_layla', 'sub_sipho', 'sub_zoe', 'sub_unnamed'];
    const statuses: number[] = [];
    for (const user of users) statuses.push((await fetch(`${base}/v1/subscribers/${user}/notifications/feed`, { headers: { 'x-test-user': user } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(ref.service.requests).toHaveLength(6);
  });

  it('is on by default (300 a minute) and can be turned off', async () => {
    const base = await proxyFor({ rateLimit: false });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`, { headers: { 'x-test-user': 'sub_ada' } }).then((r) => r.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('idempotency keys', () => {
  it('are scoped to the user: two users choosing the same key each get their own change', async () => {
    const base = await proxyFor();
    const key = { 'idempotency-key': 'markall-2026-11-23' };
    expect((await markAs(base, 'sub_ada', key)).status).toBe(201);
    expect((await markAs(base, 'sub_grace', key)).status).toBe(201);
    // And the same user repeating it is still a replay, not a second change.
    const again = await markAs(base, 'sub_ada', key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-key')).toBe('markall-2026-11-23');
  });
});

describe('bodies', () => {
  it('refuses a body that trickles in past the time allowed (408), without waiting for it', async () => {
    const base = await proxyFor({ bodyTimeoutMs: 300 });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        controller.enqueue(new TextEncoder().encode(' '));
      },
    });
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, {
      method: 'POST',
      headers: { 'x-test-user': 'sub_ada', 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    // The body never ends: any answer at all is the proxy's own time limit.
    expect(response.status).toBe(408);
  });
});

describe('toNodeListener', () => {
  it('answers a handler’s failure with a generic 500 and a request id; the message goes to the server’s log only', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = createServer(
      toNodeListener(() => {
        throw new Error('connect redis://admin:hunter2@cache.internal:6379 failed');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/inbox/v1/anything`);
    const text = await response.text();
    server.close();
    expect(response.status).toBe(500);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('redis');
    const id = /request ([0-9a-f-]{36})/.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(String(logged.mock.calls[0]?.[0])).toContain(id);
    expect(String(logged.mock.calls[0]?.[1])).toContain('hunter2');
    logged.mockRestore();
  });
});
