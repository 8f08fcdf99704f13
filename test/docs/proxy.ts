// The proxy guide's examples (test/docs.test.ts: verbatim; proxy.test.ts: they work).
import { getSession, isAdmin, redis } from './stand-ins';

// #region proxy
import { createInboxProxy } from 'inbox-kit/server';

export const inboxProxy = createInboxProxy({
  // upstream and apiKey default to INBOX_UPSTREAM_URL and INBOX_API_KEY, read at each request
  authenticate: async (request) => (await getSession(request))?.userId ?? null, // your session
  authorizeAdmin: async (request, subscriberId) => isAdmin(subscriberId), // optional
});
// #endregion

// #region node
import { createServer } from 'node:http';
import { toNodeListener } from 'inbox-kit/server';

// Node's own server: the proxy answers under /api/inbox.
export const server = createServer(toNodeListener(inboxProxy));
// #endregion

// #region rate-limit
import { slidingCount } from 'inbox-kit/server';

// Several instances of your app: each user's counts of this window and the last, in Redis (ioredis or node-redis).
export const sharedLimitProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  rateLimit: {
    limit: 300,
    windowMs: 60_000,
    store: {
      async hit(key: string, windowMs: number, limit: number) {
        const now = Date.now();
        const window = Math.floor(now / windowMs);
        const current = await redis.incr(`${key}:${window}`);
        if (current === 1) await redis.pexpire(`${key}:${window}`, 2 * windowMs);
        const previous = Number((await redis.get(`${key}:${window - 1}`)) ?? 0);
        const result = slidingCount({ start: window * windowMs, current, previous }, now, windowMs, limit);
        if (result.count > limit) await redis.decr(`${key}:${window}`); // a refused request takes no room
        return result;
      },
    },
  },
});
// #endregion
