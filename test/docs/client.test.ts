/** The client guide's server example, run as a module against the reference service over HTTP: it reads the feed, marks a page read, and broadcasts. */
import { afterAll, expect, it, vi } from 'vitest';
import { setupReferenceServer } from '../helpers/reference-server';

const ref = setupReferenceServer();
afterAll(() => {
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
});

it('reads the unread feed, marks the first 20 read, and broadcasts an announcement', async () => {
  process.env.INBOX_UPSTREAM_URL = ref.url;
  process.env.INBOX_API_KEY = ref.service.apiKey;
  const unread = ref.service.feedOf('sub_ada', { read: false }).length;
  const all = ref.service.feedOf('sub_ada').length;
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await import('./client-server');
  expect(log).toHaveBeenCalledTimes(Math.min(unread, 20));
  expect(log.mock.calls[0]?.[0]).toBe('•');
  log.mockRestore();
  // What it listed is read now; the broadcast arrives (the service delivers it after answering).
  await expect.poll(() => ref.service.feedOf('sub_ada').length).toBe(all + 1);
  await expect.poll(() => ref.service.feedOf('sub_ada', { read: false }).length).toBe(Math.max(unread - 20, 0) + 1);
});
