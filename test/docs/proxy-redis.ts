// The proxy guide's Redis examples (test/docs.test.ts: verbatim; proxy-redis.test.ts: they work, against a real redis-server).
import { getSession } from './stand-ins';

// #region rate-limit-ioredis
import { Redis } from 'ioredis';
import { createInboxProxy, createRedisRateLimitStore } from 'inbox-kit/server';

// Every instance of your app counts in the same Redis, so each user's limit is shared. While Redis is
// down, commands fail at once (the proxy answers 503) rather than wait in a queue and run once it is back.
export const redis = new Redis(process.env.REDIS_URL ?? 'redis://localhost:6379', { enableOfflineQueue: false });

export const sharedLimitProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  rateLimit: { limit: 300, windowMs: 60_000, store: createRedisRateLimitStore(redis) },
});
// #endregion

// #region rate-limit-node-redis
import { createClient } from 'redis';

export const redisClient = createClient({ url: process.env.REDIS_URL ?? 'redis://localhost:6379', disableOfflineQueue: true });
// node-redis ends the process on an error nobody listens to; the proxy logs an outage once.
redisClient.on('error', () => undefined);
// Not awaited: with Redis down at start the app still starts, answering 503 until it connects.
redisClient.connect().catch(() => undefined);

export const nodeRedisLimitProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  rateLimit: { limit: 300, windowMs: 60_000, store: createRedisRateLimitStore(redisClient) },
});
// #endregion
