/** The proxy guide's Redis examples against a real redis-server: the ioredis and node-redis proxies share each user's limit. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { setupRedisServer } from '../helpers/redis-server';
import { setupReferenceServer } from '../helpers/reference-server';
import type * as Examples from './proxy-redis';

const ref = setupReferenceServer();
const redisServer = setupRedisServer();
// The examples connect when imported, to REDIS_URL.
let examples: typeof Examples | undefined;

beforeAll(async () => {
  process.env.INBOX_UPSTREAM_URL = ref.url;
  process.env.INBOX_API_KEY = ref.service.apiKey;
  process.env.REDIS_URL = redisServer.url;
  examples = await import('./proxy-redis');
});
afterAll(() => {
  examples?.redis.disconnect();
  examples?.redisClient.destroy();
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
  delete process.env.REDIS_URL;
});

it('counts each user’s requests through either client in one Redis, and answers the 301st of a minute with 429', { timeout: 60_000 }, async () => {
  const { sharedLimitProxy, nodeRedisLimitProxy, redis, redisClient } = examples ?? (await import('./proxy-redis'));
  const proxies = [sharedLimitProxy, nodeRedisLimitProxy];
  // The clients connect on their own (nothing waits for them at import): until then, a count is a 503.
  await vi.waitFor(() => expect([redis.status, redisClient.isReady]).toEqual(['ready', true]), { timeout: 10_000, interval: 20 });
  const feed = (user: string, at: number) =>
    (proxies[at % 2] ?? sharedLimitProxy)(new Request(`http://app.test/api/inbox/v1/subscribers/${user}/notifications/feed?limit=1`, { headers: { 'x-test-user': user } }));
  // All 301 within one minute of the clock, so the last minute's share is the same for each.
  await vi.waitFor(() => expect(Date.now() % 60_000).toBeLessThan(40_000), { timeout: 25_000, interval: 100 });
  const statuses = [];
  for (let i = 0; i < 300; i++) statuses.push((await feed('sub_yuki', i)).status);
  expect(statuses.every((status) => status === 200)).toBe(true);
  for (const at of [0, 1]) {
    const refused = await feed('sub_yuki', at);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  }
  expect((await feed('sub_zoe', 0)).status).toBe(200);
});
