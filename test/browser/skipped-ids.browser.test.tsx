/**
 * An id the service skipped in a mark-as answer settles; it is never re-sent in a loop. With the
 * deployed service and the proxy's filter, mark-as may answer without some of the ids it was sent.
 */
import { afterEach, expect, it } from 'vitest';
import { Inbox } from 'inbox-kit';
import { mount, unmount, waitFor } from './harness';
import { countedService } from './counted-service';

afterEach(() => unmount());

it('an open, idle inbox whose mark-as skips every id sends a handful of requests in 10 seconds, not a stream', { timeout: 20_000 }, async () => {
  // The service answers without any of the ids it was sent.
  const { service, client, log: requests } = countedService({ api: 'v1', messages: 3, answer: (request) => (request.url.endsWith('/messages/mark-as') ? Response.json({ data: [] }, { status: 201 }) : undefined) });
  for (const message of service.data.messages) Object.assign(message, { read: false, seen: false });
  const host = mount(<Inbox variant="embedded" />, client);
  await waitFor(() => host.querySelectorAll('[data-inbox-slot="item"]').length === 3);
  // Let the first seen-on-view batch go out and settle.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = requests.length;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idle = requests.slice(before);
  expect(idle, idle.join('\n')).toEqual([]);
  // The ids were sent once, in one batch.
  expect(requests.filter((r) => r.includes('/mark-as'))).toHaveLength(1);
  // The items stay as the service says: unseen.
  expect(host.querySelectorAll('[data-inbox-slot="item"]')).toHaveLength(3);
  expect([...host.querySelectorAll<HTMLElement>('[data-inbox-slot="item"]')].every((item) => item.dataset.seen === 'false')).toBe(true);
});
