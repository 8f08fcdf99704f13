/**
 * What the proxy does when its rate-limit store fails (a shared Redis down), with a store that
 * fails on demand (no Redis needed): 503 in the service's error shape, logged once an outage,
 * never every request let through uncounted, whichever of the request's upstream requests it was
 * counting (the browser's, a look-up, the unsnooze check, one of the proxy's own over v1).
 */
import { describe, expect, it, vi } from 'vitest';
import type { RateLimitStore } from 'inbox-kit/server';
import { setupListeners } from './helpers/listen';
import { setupProxies } from './helpers/proxy';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const proxyFor = setupProxies(ref);
// A service older than the v2 API: the proxy answers v2 with requests of its own, each counted.
const v1Only = setupReferenceServer({ notificationsV2: false });
const proxyOverV1 = setupProxies(v1Only);
const listen = setupListeners();

const feed = (base: string, user = 'sub_ada') => fetch(`${base}/v1/subscribers/${user}/notifications/feed`, { headers: { 'x-test-user': user } });

describe('a store that fails', () => {
  it('is answered 503 with the service’s error shape, logged once for the outage, and logged again for the next one', async () => {
    let failing = true;
    const hit = vi.fn<RateLimitStore['hit']>(async () => {
      if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      return { count: 1, resetAt: Date.now() };
    });
    const log = vi.fn<(message: string) => void>();
    const base = await proxyFor({ rateLimit: { store: { hit } }, log });
    for (let i = 0; i < 3; i++) {
      const refused = await feed(base);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ statusCode: 503, message: expect.stringContaining('rate limit'), error: 'Service Unavailable' });
    }
    expect(ref.service.requests).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('ECONNREFUSED');

    failing = false;
    expect((await feed(base)).status).toBe(200);
    failing = true;
    expect((await feed(base)).status).toBe(503);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('is answered 503 when it fails on a request the proxy makes of its own (v2 over a v1 service), after the browser’s was counted', async () => {
    const { store, hits } = failingAfterFirst();
    const base = await proxyOverV1({ rateLimit: { store }, log: () => undefined });
    // The v2 list is tried first (the browser's own count pays for it), then read over v1 by a request of the proxy's own.
    const response = await fetch(`${base}/v2/subscribers/sub_ada/notifications?limit=10`, { headers: { 'x-test-user': 'sub_ada', 'x-inbox-kit-speaks': 'v2' } });
    expect(hits()).toBeGreaterThan(1);
    expect(response.status).toBe(503);
  });
});

/** A store that counts the browser's request, then fails: what fails is the count of a further upstream request. */
function failingAfterFirst() {
  let hits = 0;
  const store: RateLimitStore = {
    hit: async () => {
      hits++;
      if (hits > 1) throw new Error('the store is down');
      return { count: 1, resetAt: Date.now() };
    },
  };
  return { store, hits: () => hits };
}

describe('a store that fails on a look-up the answer needs', () => {
  const adaInternalId = '64f0c0ffee0000000000a001';
  /** The upstream body a failed count must not bring to the log. */
  const SECRET = 'the upstream answer';

  it('is answered 503, not 502, and the upstream answer is not logged: the subscriber look-up', async () => {
    const service = await listen(async (request) => {
      if (new URL(request.url).pathname === '/v1/subscribers/sub_ada') return Response.json({ data: { _id: adaInternalId, subscriberId: 'sub_ada' } });
      // A mark-as answer naming the owner by internal id only: the proxy must look the user up.
      return Response.json({ data: [{ _id: 'm1', _subscriberId: adaInternalId, content: SECRET }] }, { status: 201 });
    });
    const { store, hits } = failingAfterFirst();
    const log = vi.fn<(message: string) => void>();
    const base = await proxyFor({ upstream: service, rateLimit: { store }, log });
    const response = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, {
      method: 'POST',
      headers: { 'x-test-user': 'sub_ada', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ messageId: ['m1'], markAs: 'read' }),
    });
    expect(hits()).toBe(2);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('the store is down');
    expect(log.mock.calls.join('\n')).not.toContain(SECRET);
  });

  it('is answered 503, not 502: the unsnooze check reading a second page of the snoozed list', async () => {
    const sent: string[] = [];
    const service = await listen(async (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return Response.json({ data: [{ id: 'another', to: { subscriberId: 'sub_ada' } }], hasMore: true });
    });
    const { store, hits } = failingAfterFirst();
    const log = vi.fn<(message: string) => void>();
    const base = await proxyFor({ upstream: service, rateLimit: { store }, log });
    const response = await fetch(`${base}/v2/subscribers/sub_ada/notifications/n1/unsnooze`, { method: 'PATCH', headers: { 'x-test-user': 'sub_ada', 'sec-fetch-site': 'same-origin' } });
    expect(hits()).toBe(2);
    expect(response.status).toBe(503);
    expect(log).toHaveBeenCalledTimes(1);
    // The first page only: the unsnooze itself is never sent.
    expect(sent).toEqual(['GET /v2/subscribers/sub_ada/notifications']);
  });
});
