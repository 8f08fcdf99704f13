/**
 * The rate limit in Redis, shared by an app's instances. The kit bundles no Redis client: it takes
 * the app's own, ioredis or node-redis, through the little of each it uses (described here
 * structurally, so neither package is imported).
 */
import { hexOf } from './hex';
import type { RateLimitStore } from './rate-limit';

/** What the store uses of an ioredis client: `eval(script, numberOfKeys, ...keysThenArguments)`, and whether it is connected. */
export interface IoRedisScripting {
  /** `'ready'` while connected. */
  readonly status: string;
  eval(script: string, numberOfKeys: number, ...keysThenArguments: string[]): Promise<unknown>;
  evalsha(sha1: string, numberOfKeys: number, ...keysThenArguments: string[]): Promise<unknown>;
}

/** What the store uses of a node-redis client (v4 and later): `eval(script, { keys, arguments })`, and whether it is connected. */
export interface NodeRedisScripting {
  readonly isReady: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** A connected ioredis or node-redis client. */
export type RedisRateLimitClient = IoRedisScripting | NodeRedisScripting;

export interface RedisRateLimitStoreOptions {
  /**
   * How long a count may wait for Redis, in ms; past it the hit fails, and the proxy answers 503.
   * While the client is not connected a hit fails at once (a command queued then would run when
   * Redis is back, counting requests that were refused); this bounds a connected Redis that is
   * slow to answer. Default 1000.
   */
  timeoutMs?: number;
}

/**
 * One key's sliding-window count, kept exactly as `createMemoryRateLimitStore` keeps it (a hash of
 * the current fixed window's start, its count and the previous window's), in one script so that
 * concurrent hits from several instances cannot interleave. The time is Redis's own (`TIME`), so
 * instances whose clocks disagree still count in the same windows; it is returned with the count
 * for the store to carry the time left over to the caller's clock. The key expires when the memory
 * store would forget it, two windows after the current one started.
 */
const SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local stored = redis.call('HMGET', KEYS[1], 'start', 'current', 'previous')
local start, current, previous = tonumber(stored[1]), tonumber(stored[2]), tonumber(stored[3])
if not start or not current or not previous or start + 2 * window <= now then
  start, current, previous = now - now % window, 0, 0
elseif start + window <= now then
  start, current, previous = start + window, 0, current
end
current = current + 1
local count = current + math.ceil(previous * (1 - (now - start) / window))
local resetAt = now
if count > limit then
  local kept = current - 1
  local room = limit - kept - 1
  if room >= 0 and previous > 0 then
    resetAt = math.ceil(start + window * (1 - room / previous))
  else
    resetAt = math.ceil(start + window * (2 - (limit - 1) / math.max(1, kept)))
  end
  current = kept
end
redis.call('HSET', KEYS[1], 'start', start, 'current', current, 'previous', previous)
redis.call('PEXPIREAT', KEYS[1], start + 2 * window)
return {count, resetAt, now}
`;

function isNodeRedis(client: RedisRateLimitClient): client is NodeRedisScripting {
  return 'evalSha' in client && typeof client.evalSha === 'function';
}

/** Whether the client is connected now: each says so its own way. */
function isConnected(client: RedisRateLimitClient): boolean {
  return isNodeRedis(client) ? client.isReady : client.status === 'ready';
}

/** Runs the script by its digest, and by its text when Redis has not cached it (a first use, a restart). */
async function runScript(client: RedisRateLimitClient, sha1: string, key: string, args: string[]): Promise<unknown> {
  try {
    return isNodeRedis(client) ? await client.evalSha(sha1, { keys: [key], arguments: args }) : await client.evalsha(sha1, 1, key, ...args);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return isNodeRedis(client) ? client.eval(SCRIPT, { keys: [key], arguments: args }) : client.eval(SCRIPT, 1, key, ...args);
  }
}

/** The script's answer: the count, and when one more fits, and now, both by Redis's clock. */
function isCountReply(reply: unknown): reply is [number, number, number] {
  return Array.isArray(reply) && reply.length === 3 && reply.every((value) => typeof value === 'number' && Number.isFinite(value));
}

function withinTime<T>(answer: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    void answer.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * A rate-limit store in Redis for an app on several instances: give each instance's proxy one,
 * made with its own connected client (ioredis, or node-redis v4 and later), and they share each
 * user's limit. Counts as the memory store does, atomically, by Redis's clock; `resetAt` is on the
 * caller's clock (now plus the time left). When the client is not connected, or Redis fails or does
 * not answer within `timeoutMs`, `hit` rejects and the proxy answers 503.
 */
export function createRedisRateLimitStore(client: RedisRateLimitClient, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const timeoutMs = options.timeoutMs ?? 1_000;
  let sha1: Promise<string> | undefined;
  return {
    async hit(key, windowMs, limit) {
      // Not sent to wait in the client's queue: it would be counted once Redis is back, for a request answered 503.
      if (!isConnected(client)) throw new Error('createRedisRateLimitStore: the Redis client is not connected');
      sha1 ??= crypto.subtle.digest('SHA-1', new TextEncoder().encode(SCRIPT)).then(hexOf);
      const reply = await withinTime(
        sha1.then((digest) => runScript(client, digest, key, [String(windowMs), String(limit)])),
        timeoutMs,
      );
      if (!isCountReply(reply)) throw new Error(`createRedisRateLimitStore: the count script answered ${JSON.stringify(reply)?.slice(0, 200)}`);
      const [count, resetAt, redisNow] = reply;
      // The caller reckons Retry-After by its own clock, which may be off Redis's: it gets the time left.
      return { count, resetAt: resetAt - redisNow + Date.now() };
    },
  };
}
