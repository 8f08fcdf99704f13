/**
 * The rate limit shared by an app's instances: `createRedisRateLimitStore` against a real
 * `redis-server` started for this file, through ioredis and node-redis; and what the proxy does
 * when its store fails (503, logged once an outage, never every request let through uncounted).
 */
import { describe, expect, it, vi } from 'vitest';
import type { RateLimitStore } from 'inbox-kit/server';
import { setupProxies } from './helpers/proxy';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const proxyFor = setupProxies(ref);

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

});
