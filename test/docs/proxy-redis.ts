// The proxy guide's Redis examples (test/docs.test.ts: verbatim; proxy-redis.test.ts: they work, against a real redis-server).
import { getSession } from './stand-ins';

// #region rate-limit-ioredis
import { Redis } from 'ioredis';
import { createInboxProxy, createRedisRateLimitStore } from 'inbox-kit/server';

// Every instance of your app counts in the same Redis, so each user's limit is shared.
export const redis = new Redis(process.env.REDIS_URL ?? 'redis://localhost:6379');

export const sharedLimitProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  rateLimit: { limit: 300, windowMs: 60_000, store: createRedisRateLimitStore(redis) },
});
// #endregion

// #region rate-limit-node-redis
import { createClient } from 'redis';

export const redisClient = createClient({ url: process.env.REDIS_URL ?? 'redis://localhost:6379' });
// node-redis ends the process on an error nobody listens to; the proxy logs an outage once.
redisClient.on('error', () => undefined);
await redisClient.connect();

export const nodeRedisLimitProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  rateLimit: { limit: 300, windowMs: 60_000, store: createRedisRateLimitStore(redisClient) },
});
// #endregion
