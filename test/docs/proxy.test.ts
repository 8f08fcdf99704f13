/** The proxy guide's examples against the reference service over HTTP: the session, the admin check and Node's server (the shared rate limit: proxy-redis.test.ts). */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupReferenceServer } from '../helpers/reference-server';
import { server } from './proxy';

const ref = setupReferenceServer();
let base = '';

beforeAll(async () => {
  process.env.INBOX_UPSTREAM_URL = ref.url;
  process.env.INBOX_API_KEY = ref.service.apiKey;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/inbox`;
});
afterAll(() => {
  server.close();
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
});

const as = (user?: string): Record<string, string> => (user ? { 'x-test-user': user } : {});

it('serves the signed-in user their own feed, and no one else’s', async () => {
  expect((await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`, { headers: as('sub_ada') })).status).toBe(200);
  expect((await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`)).status).toBe(401);
  expect((await fetch(`${base}/v1/subscribers/sub_grace/notifications/feed`, { headers: as('sub_ada') })).status).toBe(403);
});

it('lets a broadcast through only for an admin', async () => {
  const broadcast = (user: string) =>
    fetch(`${base}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { ...as(user), 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ name: 'product-announcement', payload: { category: 'product', title: 'Hi', body: 'x', url: '/' } }),
    });
  expect((await broadcast('sub_ada')).status).toBe(403);
  expect((await broadcast('sub_grace')).status).toBe(201);
});
