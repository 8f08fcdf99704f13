/**
 * The rate limit shared by an app's instances: `createRedisRateLimitStore` against a real
 * `redis-server` started for this file, through ioredis and node-redis: 503 while Redis is down,
 * logged once an outage, never every request let through uncounted (a store that fails without
 * Redis: proxy.store-failure.test.ts).
 */
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type IoRedisScripting,
  type NodeRedisScripting,
  type RedisRateLimitClient,
  type RedisRateLimitStoreOptions,
} from 'inbox-kit/server';
import { setupProxies } from './helpers/proxy';
import { freePort, setupRedisServer } from './helpers/redis-server';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const proxyFor = setupProxies(ref);
const redisServer = setupRedisServer();

const feed = (base: string, user = 'sub_ada') => fetch(`${base}/v1/subscribers/${user}/notifications/feed`, { headers: { 'x-test-user': user } });

/** A connected client of one kind, whether it is connected now, and itself with every script reply recorded (Redis's own answer). */
interface Connection {
  client: RedisRateLimitClient;
  ready: () => boolean;
  recording: { client: RedisRateLimitClient; replies: unknown[] };
}

function recorder() {
  const replies: unknown[] = [];
  const keep = async (reply: Promise<unknown>) => {
    const value = await reply;
    replies.push(value);
    return value;
  };
  return { replies, keep };
}

const opened: (() => void)[] = [];
afterAll(() => {
  for (const close of opened) close();
});

interface ConnectionSettings {
  /** The client's default: commands wait in its queue while it is disconnected. */
  queueWhileDisconnected?: boolean;
  /** False for a server that is not there (node-redis's `connect()` would wait for it forever). */
  waitForConnection?: boolean;
}

/**
 * Each client as an app that wants an outage answered at once would set it up: commands fail while
 * it is disconnected instead of waiting in its queue; it reconnects every 50 ms.
 */
const KINDS: Record<'ioredis' | 'node-redis', (url: string, settings?: ConnectionSettings) => Promise<Connection>> = {
  async ioredis(url, { queueWhileDisconnected = false, waitForConnection = true } = {}) {
    const client = new Redis(url, { enableOfflineQueue: queueWhileDisconnected, retryStrategy: () => 50, lazyConnect: true });
    // Its own error events (every failed reconnection) are the app's to handle; the proxy logs an outage once.
    client.on('error', () => undefined);
    opened.push(() => client.disconnect());
    const connecting = client.connect().catch(() => undefined);
    if (waitForConnection) await connecting;
    const { replies, keep } = recorder();
    const recorded: IoRedisScripting = {
      get status() {
        return client.status;
      },
      eval: (script, keys, ...rest) => keep(client.eval(script, keys, ...rest)),
      evalsha: (sha1, keys, ...rest) => keep(client.evalsha(sha1, keys, ...rest)),
    };
    return { client, ready: () => client.status === 'ready', recording: { client: recorded, replies } };
  },
  async 'node-redis'(url, { queueWhileDisconnected = false, waitForConnection = true } = {}) {
    const client = createClient({ url, disableOfflineQueue: !queueWhileDisconnected, socket: { reconnectStrategy: () => 50 } });
    client.on('error', () => undefined);
    opened.push(() => client.destroy());
    const connecting = client.connect().catch(() => undefined);
    if (waitForConnection) await connecting;
    const { replies, keep } = recorder();
    const recorded: NodeRedisScripting = {
      get isReady() {
        return client.isReady;
      },
      eval: (script, options) => keep(client.eval(script, options)),
      evalSha: (sha1, options) => keep(client.evalSha(sha1, options)),
    };
    return { client, ready: () => client.isReady, recording: { client: recorded, replies } };
  },
};

/** The test's own view of the server: its clock, and a clean slate before each test. */
let observer: Redis | undefined;
const observe = () => (observer ??= new Redis(redisServer.url, { lazyConnect: false, retryStrategy: () => 50 }).on('error', () => undefined));
afterAll(() => observer?.disconnect());
beforeEach(async () => {
  await observe().flushall();
});

/** Redis's clock, in ms since the epoch: the one the store counts by. */
async function redisNow(): Promise<number> {
  const [seconds = '0', microseconds = '0'] = await observe().time();
  return Number(seconds) * 1000 + Math.floor(Number(microseconds) / 1000);
}

const storeOf = (connection: Connection, options?: RedisRateLimitStoreOptions) => createRedisRateLimitStore(connection.client, options);

const KIND_NAMES: (keyof typeof KINDS)[] = ['ioredis', 'node-redis'];

describe.each(KIND_NAMES)('createRedisRateLimitStore through %s', (kind) => {
  it('counts as the memory store does: each hit by Redis’s clock answers what the memory store answers at that moment', { timeout: 60_000 }, async () => {
    const { recording } = await KINDS[kind](redisServer.url);
    const store = createRedisRateLimitStore(recording.client);
    const windowMs = 500;
    const limit = 4;
    const key = `inbox-kit:sub_${kind}`;
    /** The moments (Redis's clock) of the hits kept so far: a refused hit leaves the count as it was. */
    const kept: number[] = [];
    /** The memory store's answer at `now` after the same kept hits at the same moments. */
    const memoryAt = (now: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const memory = createMemoryRateLimitStore();
        for (const moment of kept) {
          vi.setSystemTime(moment);
          memory.hit(key, windowMs, limit);
        }
        vi.setSystemTime(now);
        return memory.hit(key, windowMs, limit);
      } finally {
        vi.useRealTimers();
      }
    };
    const counts: number[] = [];
    const hits = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const before = Date.now();
        const answer = await store.hit(key, windowMs, limit);
        const after = Date.now();
        const [count, resetAt, now] = z.tuple([z.number(), z.number(), z.number()]).parse(recording.replies.at(-1));
        expect({ count, resetAt }, `at ${now} after hits kept at ${kept.join(', ')}`).toEqual(memoryAt(now));
        // The answer is on this process's clock: the same time left.
        expect(answer.count).toBe(count);
        expect(answer.resetAt - (resetAt - now)).toBeGreaterThanOrEqual(before);
        expect(answer.resetAt - (resetAt - now)).toBeLessThanOrEqual(after);
        if (count <= limit) kept.push(now);
        counts.push(count);
      }
    };
    const untilRedisClock = (moment: number) => vi.waitFor(async () => expect(await redisNow()).toBeGreaterThanOrEqual(moment), { timeout: 10_000, interval: 20 });

    await hits(limit + 2);
    const first = kept[0] ?? 0;
    const windowStart = first - (first % windowMs);
    // The next window, with the last one's share; half-way through it; and past two windows (forgotten).
    await untilRedisClock(windowStart + windowMs);
    await hits(limit + 2);
    await untilRedisClock(windowStart + windowMs + windowMs / 2);
    await hits(limit + 2);
    await untilRedisClock(windowStart + 4 * windowMs);
    await hits(limit + 2);
    expect(counts.filter((count) => count > limit).length).toBeGreaterThan(0);
    expect(counts.filter((count) => count <= limit).length).toBeGreaterThan(limit);
  });

  it('counts concurrent hits from two connections atomically: exactly the limit is kept', { timeout: 30_000 }, async () => {
    const stores = [storeOf(await KINDS[kind](redisServer.url)), storeOf(await KINDS[kind](redisServer.url))];
    const limit = 10;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]?.hit(`inbox-kit:sub_${kind}`, 60_000, limit)));
    const kept = answers.flatMap((answer) => (answer && answer.count <= limit ? [answer.count] : []));
    expect(kept.sort((a, b) => a - b)).toEqual(Array.from({ length: limit }, (_, i) => i + 1));
  });

  it('counts by Redis’s clock: an instance whose clock is an hour ahead counts in the others’ window, and its Retry-After is the same', { timeout: 30_000 }, async () => {
    const [onTime, ahead] = [storeOf(await KINDS[kind](redisServer.url)), storeOf(await KINDS[kind](redisServer.url))];
    const key = `inbox-kit:sub_${kind}`;
    for (let i = 0; i < 3; i++) expect((await onTime.hit(key, 60_000, 3)).count).toBe(i + 1);
    const refused = await onTime.hit(key, 60_000, 3);
    const left = refused.resetAt - Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 });
    try {
      const skewed = await ahead.hit(key, 60_000, 3);
      expect(skewed.count).toBe(4);
      const skewedLeft = skewed.resetAt - Date.now();
      expect(skewedLeft).toBeGreaterThan(0);
      expect(skewedLeft).toBeLessThanOrEqual(left);
    } finally {
      vi.useRealTimers();
    }
  });

  it('survives a restart of Redis mid-window: 503 while it is down, logged once; counting again on the next request once the client is back', { timeout: 60_000 }, async () => {
    const connection = await KINDS[kind](redisServer.url);
    const log = vi.fn<(message: string) => void>();
    const base = await proxyFor({ rateLimit: { limit: 3, windowMs: 60_000, store: storeOf(connection) }, log });
    expect((await feed(base)).status).toBe(200);
    expect((await feed(base)).status).toBe(200);

    await redisServer.stop();
    for (let i = 0; i < 3; i++) {
      const refused = await feed(base);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    }
    expect(log).toHaveBeenCalledTimes(1);

    await redisServer.start();
    await vi.waitFor(() => expect(connection.ready()).toBe(true), { timeout: 10_000, interval: 20 });
    // The restarted server kept nothing (no persistence) and has no script cached: the store loads it again.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await feed(base)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(ref.service.requests).toHaveLength(5);
  });

  it('does not charge an outage to users once Redis is back, with the client’s default queue: hits refused while it was down are never run', { timeout: 60_000 }, async () => {
    const connection = await KINDS[kind](redisServer.url, { queueWhileDisconnected: true });
    const base = await proxyFor({ rateLimit: { limit: 3, windowMs: 60_000, store: storeOf(connection, { timeoutMs: 200 }) }, log: () => undefined });
    expect((await feed(base)).status).toBe(200);
    await redisServer.stop();
    await vi.waitFor(() => expect(connection.ready()).toBe(false), { timeout: 10_000, interval: 20 });
    const refused = [];
    for (let i = 0; i < 3; i++) refused.push((await feed(base)).status);
    expect(refused).toEqual([503, 503, 503]);
    await redisServer.start();
    await vi.waitFor(() => expect(connection.ready()).toBe(true), { timeout: 10_000, interval: 20 });
    // The restarted server forgot the window: the user has the whole limit again, none of it spent by the outage.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await feed(base)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await observe().hget('inbox-kit:sub_ada', 'current')).toBe('3');
  });

  it('answers 503 and logs once when Redis cannot be reached, with the client’s default queue (the store refuses at once while the client is not connected)', { timeout: 30_000 }, async () => {
    const connection = await KINDS[kind](`redis://127.0.0.1:${await freePort()}`, { queueWhileDisconnected: true, waitForConnection: false });
    const log = vi.fn<(message: string) => void>();
    const base = await proxyFor({ rateLimit: { store: storeOf(connection, { timeoutMs: 200 }) }, log });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await feed(base)).status);
    expect(statuses).toEqual([503, 503, 503]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(ref.service.requests).toHaveLength(0);
  });
});

it('two proxies, one on ioredis and one on node-redis, each with its own connection, share one limit', { timeout: 30_000 }, async () => {
  const rateLimit = { limit: 5, windowMs: 60_000 };
  const first = await proxyFor({ rateLimit: { ...rateLimit, store: storeOf(await KINDS.ioredis(redisServer.url)) } });
  const second = await proxyFor({ rateLimit: { ...rateLimit, store: storeOf(await KINDS['node-redis'](redisServer.url)) } });
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await feed(i % 2 === 0 ? first : second)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect((await feed(first)).status).toBe(429);
  expect((await feed(second)).status).toBe(429);
  // Per user: another user's requests still pass on both.
  expect((await feed(first, 'sub_grace')).status).toBe(200);
  expect((await feed(second, 'sub_grace')).status).toBe(200);
  expect(ref.service.requests).toHaveLength(7);
});
