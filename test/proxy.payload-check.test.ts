/**
 * Payloads checked by the proxy (`createInboxProxy({ payloadSchema })`, `payloadSchema: 'proxy'`
 * in the browser): the schema stays on the server, each feed page says it was checked and names
 * what it left out, and a browser client told to expect that refuses a page nobody checked.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createInboxClient, InboxValidationError } from 'inbox-kit/client';
import { setupProxies } from './helpers/proxy';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const proxyFor = setupProxies(ref);
const payloadSchema = z.object({ category: z.enum(['collaboration', 'billing', 'security', 'deploys', 'product']), actorName: z.optional(z.string()) });

let checking = '';
let notChecking = '';
beforeAll(async () => {
  [checking, notChecking] = await Promise.all([proxyFor({ payloadSchema }), proxyFor()]);
});
beforeEach(() => ref.service.reset());

const asAda = { 'x-test-user': 'sub_ada' };

it('leaves out a notification whose payload fails, names it, and passes the rest as the schema gave them', async () => {
  const newest = ref.service.feedOf('sub_ada')[0];
  const stored = ref.service.data.messages.find((message) => message._id === newest?._id);
  if (!stored) throw new Error('no message');
  stored.payload = { ...stored.payload, category: 'marketing' };

  const client = createInboxClient({ baseUrl: checking, headers: asAda, payloadSchema: 'proxy' });
  const page = await client.getFeed({ subscriberId: 'sub_ada', limit: 10 });
  expect(page.data.map((n) => n._id)).not.toContain(stored._id);
  expect(page.data).toHaveLength(9);
  expect(page.invalidItems).toEqual([{ index: 0, id: stored._id, issues: [{ path: 'data[0].payload.category', message: expect.any(String) }] }]);
  expect(page.data.every((n) => typeof n.payload?.category === 'string')).toBe(true);
});

it('answers with the mark of its check, which a client without `proxy` ignores', async () => {
  const raw = (await (await fetch(`${checking}/v1/subscribers/sub_ada/notifications/feed?limit=2`, { headers: asAda })).json()) as Record<string, unknown>;
  expect(raw.inboxKitPayloadCheck).toEqual({ invalidItems: [] });
  const plain = createInboxClient({ baseUrl: checking, headers: asAda });
  expect((await plain.getFeed({ subscriberId: 'sub_ada', limit: 2 })).data).toHaveLength(2);
});

it('refuses, with a message that says what to do, a page the proxy did not check', async () => {
  const client = createInboxClient({ baseUrl: notChecking, headers: asAda, payloadSchema: 'proxy', retry: false });
  const failure = await client.getFeed({ subscriberId: 'sub_ada' }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(InboxValidationError);
  expect((failure as Error).message).toMatch(/inboxKitPayloadCheck: missing: the payloads were not checked\. Give createInboxProxy your payloadSchema/);
});

it('checks only feed pages: mark-as answers pass as before', async () => {
  const [first] = ref.service.feedOf('sub_ada', { read: false });
  const client = createInboxClient({ baseUrl: checking, headers: asAda, payloadSchema: 'proxy' });
  const marked = await client.markAs({ subscriberId: 'sub_ada', messageId: first?._id ?? '', markAs: 'read' });
  expect(marked.map((m) => m._id)).toEqual([first?._id]);
});
