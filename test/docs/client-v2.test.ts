/** The v2 example of the README and the client guide, run as a module against the reference service (deployed and spec forms). */
import { afterAll, expect, it, vi } from 'vitest';
import { setupReferenceServer } from '../helpers/reference-server';

const deployed = setupReferenceServer({ now: Date.now() });
const spec = setupReferenceServer({ mode: 'spec', now: Date.now() });
afterAll(() => {
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
});

it('on v2: counts, snoozes the latest notification and marks everything read', async () => {
  process.env.INBOX_UPSTREAM_URL = deployed.url;
  process.env.INBOX_API_KEY = deployed.service.apiKey;
  const unread = deployed.service.feedOf('sub_ada', { read: false }).length;
  const latest = deployed.service.feedOf('sub_ada')[0]!._id;
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await import('./client-v2');
  expect(log).toHaveBeenCalledWith(`${unread} unread, 0 archived`);
  log.mockRestore();
  expect(deployed.service.data.messages.find((m) => m._id === latest)?.snoozedUntil).toEqual(expect.any(String));
  expect(deployed.service.feedOf('sub_ada', { read: false })).toEqual([]);
});

it('on a v1-only service: the same module lists through v1 and skips what v1 cannot do', async () => {
  vi.resetModules();
  process.env.INBOX_UPSTREAM_URL = spec.url;
  process.env.INBOX_API_KEY = spec.service.apiKey;
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await import('./client-v2');
  expect(log).not.toHaveBeenCalled();
  log.mockRestore();
  expect(spec.service.feedOf('sub_ada', { read: false })).toEqual([]);
  expect(spec.service.requests.filter((r) => r.path.startsWith('/v2/subscribers/sub_ada/notifications'))).toHaveLength(1);
});
