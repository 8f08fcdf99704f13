/**
 * The proxy's rate limits: per signed-in user, and optionally for all users together. Counted in
 * sliding windows, so no burst of twice the limit gets through across a window's boundary.
 */

/**
 * Counts requests under a key in a sliding window; an app on several instances gives one store
 * shared by all (see the proxy guide for Redis).
 */
export interface RateLimitStore {
  /**
   * Counts one request under `key`. Returns how many requests the last `windowMs` hold with this
   * one, and when (ms since the epoch) one more fits under `limit`. A request over the limit is
   * refused and should not be kept in the count.
   *
   * A sliding-window counter does this with two numbers a key: the count of the current fixed
   * window, and the previous window's count weighted by how much of it the sliding window still
   * covers. `limit` is passed so the store can say when the count falls under it.
   */
  hit(key: string, windowMs: number, limit: number): { count: number; resetAt: number } | Promise<{ count: number; resetAt: number }>;
}

/** The memory store answers at once. */
export interface MemoryRateLimitStore extends RateLimitStore {
  hit(key: string, windowMs: number, limit: number): { count: number; resetAt: number };
}

interface Counter {
  /** Start of the current fixed window. */
  start: number;
  current: number;
  previous: number;
}

/** The default store: this process's memory, forgetting keys idle for two windows. */
export function createMemoryRateLimitStore(): MemoryRateLimitStore {
  const counters = new Map<string, Counter>();
  let sweptAt = 0;
  return {
    hit(key, windowMs, limit) {
      const now = Date.now();
      // Past 10,000 keys, idle ones are forgotten: at most once a window, since with that many
      // users active a sweep on every request would free nothing and cost every request the scan.
      if (counters.size > 10_000 && now - sweptAt >= windowMs) {
        sweptAt = now;
        for (const [name, counter] of counters) if (counter.start + 2 * windowMs <= now) counters.delete(name);
      }
      let counter = counters.get(key);
      if (!counter || counter.start + 2 * windowMs <= now) {
        counter = { start: now - (now % windowMs), current: 0, previous: 0 };
        counters.set(key, counter);
      } else if (counter.start + windowMs <= now) {
        counter.previous = counter.current;
        counter.current = 0;
        counter.start += windowMs;
      }
      counter.current++;
      const result = slidingCount(counter, now, windowMs, limit);
      // A refused request takes no room: the user's next one fits when Retry-After says.
      if (result.count > limit) counter.current--;
      return result;
    },
  };
}

/**
 * The count of the sliding window ending now with this request (the previous window's share
 * rounded up), and, for a request over `limit`, which is then not kept, when the next one fits.
 */
export function slidingCount({ start, current, previous }: Counter, now: number, windowMs: number, limit: number): { count: number; resetAt: number } {
  const count = current + Math.ceil(previous * (1 - (now - start) / windowMs));
  if (count <= limit) return { count, resetAt: now };
  const kept = current - 1;
  // The previous window's share shrinks as time passes; once this window is the previous one, its own count does.
  const room = limit - kept - 1;
  if (room >= 0 && previous > 0) return { count, resetAt: Math.ceil(start + windowMs * (1 - room / previous)) };
  return { count, resetAt: Math.ceil(start + windowMs * (2 - (limit - 1) / Math.max(1, kept))) };
}

/** The store's hit failed (a shared store unreachable): the proxy answers 503 rather than count nothing. */
export class RateLimitStoreFailure extends Error {
  constructor(cause: unknown) {
    super('The rate-limit store failed', { cause });
    this.name = 'RateLimitStoreFailure';
  }
}

/** Whether `error` is, or was caused by, a store's failure (the proxy's own v1 client wraps what its requests throw). */
export function isStoreFailure(error: unknown): boolean {
  let link = error;
  for (let depth = 0; link instanceof Error && depth < 10; depth++) {
    if (link instanceof RateLimitStoreFailure) return true;
    link = link.cause;
  }
  return false;
}
