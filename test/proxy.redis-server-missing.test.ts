/**
 * The shared rate limit's tests start a real redis-server: where none is installed, they fail at
 * once and say what to do, not with an unhandled error after a hook's timeout.
 */
import { afterEach, expect, it } from 'vitest';
import { startRedisServer } from './helpers/redis-server';

const configured = process.env.REDIS_SERVER;
afterEach(() => {
  if (configured === undefined) delete process.env.REDIS_SERVER;
  else process.env.REDIS_SERVER = configured;
});

it('says to install redis-server or set REDIS_SERVER when it cannot be started', async () => {
  process.env.REDIS_SERVER = '/nonexistent/redis-server';
  await expect(startRedisServer(1, '/nonexistent')).rejects.toThrow(/redis-server could not be started \(.*ENOENT.*\): install redis-server \(apt-get install redis-server\) or set REDIS_SERVER/);
});
