/**
 * What the guides' examples take from your app, standing in for it in the tests: a session read
 * from an `x-test-user` header, an admin list, and a Redis client kept in memory.
 */
export async function getSession(request: Request): Promise<{ userId: string } | null> {
  const userId = request.headers.get('x-test-user');
  return userId ? { userId } : null;
}

export const isAdmin = (subscriberId: string) => subscriberId === 'sub_grace';

const counters = new Map<string, number>();
export const redis = {
  async incr(key: string) {
    const count = (counters.get(key) ?? 0) + 1;
    counters.set(key, count);
    return count;
  },
  async decr(key: string) {
    const count = (counters.get(key) ?? 0) - 1;
    counters.set(key, count);
    return count;
  },
  async get(key: string) {
    const count = counters.get(key);
    return count === undefined ? null : String(count);
  },
  async pexpire(key: string, ms: number) {
    setTimeout(() => counters.delete(key), ms).unref();
    return 1;
  },
};
