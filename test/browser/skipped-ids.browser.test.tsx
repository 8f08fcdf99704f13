/**
 * An id the service skipped in a mark-as answer settles; it is never re-sent in a loop. With the
 * deployed service and the proxy's filter, mark-as may answer without some of the ids it was sent.
 */
import { afterEach, expect, it } from 'vitest';
import { Inbox } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import { createReferenceService } from 'inbox-kit/testing';
import { BASE, mount, unmount, waitFor } from './harness';

afterEach(() => unmount());

it('an open, idle inbox whose mark-as skips every id sends a handful of requests in 10 seconds, not a stream', { timeout: 20_000 }, async () => {
  const service = createReferenceService({ now: Date.now(), messages: 3 });
  for (const message of service.data.messages) Object.assign(message, { read: false, seen: false });
  const requests: string[] = [];
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: false,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      // The service answers without any of the ids it was sent.
      if (url.pathname.endsWith('/messages/mark-as')) return Response.json({ data: [] }, { status: 201 });
      return service.handle(request);
    },
  });
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
});
