/**
 * The proxy guide's Express recipe (docs/proxy.md shows express-app.ts and inbox.server.ts
 * verbatim; test/docs.test.ts checks), against the reference service.
 * The framework guides' recipes run as examples/ (test/examples-e2e).
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
beforeAll(async () => {
  // The recipes read their settings from the environment, per request.
  process.env.INBOX_UPSTREAM_URL = ref.url;
  process.env.INBOX_API_KEY = ref.service.apiKey;
});
afterAll(() => {
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
});

describe('Express', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const { app } = await import('./examples/frameworks/express-app');
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/inbox`;
  });
  afterAll(() => server?.close());

  it('mounts the proxy: feed, mark-as with a body, and 401 without a user', async () => {
    const cookie = { cookie: 'user=sub_ada' };
    const feed = await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed?read=false&limit=1`, { headers: cookie });
    expect(feed.status).toBe(200);
    const id = ((await feed.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
    const marked = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, {
      method: 'POST',
      // As a browser sends it: with where it comes from.
      headers: { ...cookie, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ messageId: [id], markAs: 'read' }),
    });
    expect(marked.status).toBe(201);
    expect(ref.service.feedOf('sub_ada').find((item) => item._id === id)?.read).toBe(true);
    expect((await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`)).status).toBe(401);
  });
});
