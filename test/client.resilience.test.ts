/**
 * Retries, idempotency, timeouts and aborts: the client against the reference
 * service on a real port, with faults injected by the service.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createInboxClient,
  InboxAbortError,
  InboxApiError,
  InboxArgumentError,
  InboxError,
  InboxNetworkError,
  InboxTimeoutError,
} from 'inbox-kit/client';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
/** Subscribers a product announcement reaches: everyone but Grace, who turned product news off in-app. */
const recipients = () => ref.service.data.subscribers.length - 1;
const feedPath = '/notifications/feed';

describe('retries', () => {
  it('retries a GET after 5xx and dropped connections, then succeeds', async () => {
    ref.service.injectFault({ status: 503, path: feedPath });
    ref.service.injectFault({ drop: 'before', path: feedPath });
    ref.service.injectFault({ status: 500, path: feedPath });
    const page = await ref.client().getFeed({ subscriberId: 'sub_ada' });
    expect(page.data).toHaveLength(10);
    expect(ref.service.requests.map((r) => r.status)).toEqual([503, 0, 500, 200]);
  });

  it('a 429 after an attempt that may have landed does not say the change was refused (mayHaveApplied)', async () => {
    const id = ref.service.feedOf('sub_ada', { read: false })[0]?._id ?? '';
    // The first attempt is applied but its answer is lost; the retry meets a rate limit in front of
    // the service (a proxy's, or the service's own guard, which comes before its idempotency replay).
    ref.service.injectFault({ drop: 'after', path: '/messages/mark-as' });
    let calls = 0;
    const limited: typeof fetch = async (input, init) =>
      ++calls === 2 ? Response.json({ statusCode: 429, message: 'API rate limit exceeded' }, { status: 429, headers: { 'retry-after': '0' } }) : fetch(input, init);
    const client = ref.client({ retry: { retries: 1, baseDelayMs: 1 }, fetch: limited });
    const error = await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'read' }).catch((e: unknown) => e);
    expect((error as InboxApiError).status).toBe(429);
    expect(ref.service.feedOf('sub_ada').find((item) => item._id === id)?.read).toBe(true);
    expect((error as InboxApiError).mayHaveApplied).toBe(true);
    // A 429 alone is a clear refusal, and a read never applies anything.
    ref.service.injectFault({ status: 429, retryAfter: 0, path: '/messages/mark-as' });
    const alone = await ref.client({ retry: false }).markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'unread' }).catch((e: unknown) => e);
    expect((alone as InboxApiError).mayHaveApplied).toBe(false);
    ref.service.injectFault({ status: 503, path: feedPath });
    const read = await ref.client({ retry: false }).getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect((read as InboxApiError).mayHaveApplied).toBe(false);
  });

  it('an abort after an attempt that may have landed says so too', async () => {
    const controller = new AbortController();
    const client = ref.client({ retry: { retries: 2, baseDelayMs: 500, maxDelayMs: 500 }, fetch: async () => Promise.reject(new TypeError('socket hang up')) });
    setTimeout(() => controller.abort(), 50);
    const error = await client.markAs({ subscriberId: 'sub_ada', messageId: 'm1', markAs: 'read' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxAbortError);
    expect((error as InboxAbortError).mayHaveApplied).toBe(true);
  });

  it('gives up after `retries` and throws the last error with a next step', async () => {
    ref.service.injectFault({ status: 503, path: feedPath }, 10);
    const error = await ref.client({ retry: { retries: 2, baseDelayMs: 1 } }).getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxApiError);
    expect((error as InboxApiError).status).toBe(503);
    expect((error as Error).message).toMatch(/retry later/);
    expect(ref.service.requests).toHaveLength(3);
  });

  it('does not retry 4xx, nor anything with `retry: false`', async () => {
    await expect(ref.client().getFeed({ subscriberId: 'ghost' })).rejects.toBeInstanceOf(InboxApiError);
    expect(ref.service.requests).toHaveLength(1);
    ref.service.injectFault({ status: 503, path: feedPath });
    await expect(ref.client({ retry: false }).getFeed({ subscriberId: 'sub_ada' })).rejects.toMatchObject({ status: 503 });
    expect(ref.service.requests).toHaveLength(2);
  });

  it('honours Retry-After on 429', async () => {
    ref.service.injectFault({ status: 429, retryAfter: 1, path: feedPath });
    const started = Date.now();
    await ref.client({ retry: { retries: 1, baseDelayMs: 1 } }).getFeed({ subscriberId: 'sub_ada' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(ref.service.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    ref.service.injectFault({ status: 429, retryAfter: 120, path: feedPath });
    const error = await ref.client({ retry: { maxRetryAfterMs: 5_000 } }).getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    expect((error as Error).message).toMatch(/retry in 120 s/);
  });

  it('retries the service’s own rate limit', async () => {
    const { startReferenceServer } = await import('inbox-kit/server');
    const limited = await startReferenceServer({ rateLimit: { limit: 2, windowMs: 1_000 } });
    try {
      const limitedClient = ref.client({ baseUrl: limited.url, apiKey: limited.service.apiKey, retry: { retries: 3, baseDelayMs: 1 } });
      for (let i = 0; i < 4; i++) await limitedClient.getPreferences({ subscriberId: 'sub_ada' });
      const statuses = limited.service.requests.map((r) => r.status);
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });
});

describe('idempotency', () => {
  it('sends one idempotency-key per call and reuses it across retries, so a lost response is not applied twice', async () => {
    const keys: string[] = [];
    const client = ref.client({
      fetch: (input, init) => {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        return fetch(input, init);
      },
    });
    ref.service.injectFault({ drop: 'after', path: '/broadcast' });
    const result = await client.broadcast({ name: 'product-announcement', payload: { title: 'Once only' } });
    expect(result.status).toBe('processed');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(ref.service.requests.map((r) => [r.status, r.replayed])).toEqual([
      [0, false],
      [201, true],
    ]);
    expect(ref.service.data.messages.filter((m) => m.transactionId === result.transactionId)).toHaveLength(recipients());

    await client.broadcast({ name: 'product-announcement', payload: { title: 'Another' } });
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('replays a repeated key with the stored answer, refuses it for a different body (422)', async () => {
    const client = ref.client();
    const id = ref.service.feedOf('sub_ada', { read: false })[0]?._id ?? '';
    const first = await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'read' }, { idempotencyKey: 'key-1' });
    await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'unread' }, { idempotencyKey: 'key-2' });
    const replay = await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'read' }, { idempotencyKey: 'key-1' });
    expect(replay).toEqual(first);
    // The replay applied nothing: the message is still unread.
    expect(ref.service.feedOf('sub_ada').find((i) => i._id === id)?.read).toBe(false);
    expect(ref.service.requests.at(-1)).toMatchObject({ replayed: true, status: 201 });

    const error = await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'seen' }, { idempotencyKey: 'key-1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect((error as Error).message).toMatch(/use a new key/);
  });

  it('waits out a 409 while the same key is in flight, then gets the replay', async () => {
    const client = ref.client({ retry: { retries: 5, baseDelayMs: 1 } });
    ref.service.injectFault({ latencyMs: 300, path: '/broadcast' });
    const body = { name: 'product-announcement', payload: { title: 'Concurrent' }, transactionId: 'txn-concurrent' };
    const [a, b] = await Promise.all([
      client.broadcast(body, { idempotencyKey: 'same-key' }),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => client.broadcast(body, { idempotencyKey: 'same-key' })),
    ]);
    expect(a).toEqual(b);
    expect(a.status).toBe('processed');
    expect(ref.service.requests.map((r) => r.status)).toContain(409);
    expect(ref.service.data.messages.filter((m) => m.transactionId === 'txn-concurrent')).toHaveLength(recipients());
  });

  it('applies nothing twice under random faults', async () => {
    ref.service.setFaults({ errorRate: 0.2, dropRate: 0.15, dropAfterRate: 0.25 });
    const client = ref.client({ retry: { retries: 12, baseDelayMs: 1, maxDelayMs: 4 } });
    const results = [];
    for (let i = 0; i < 12; i++) {
      results.push(await client.broadcast({ name: 'product-announcement', payload: { title: `Fault run ${i}` } }));
    }
    ref.service.setFaults({});
    const faulted = ref.service.requests.filter((r) => r.status !== 201).length;
    expect(faulted).toBeGreaterThan(3);
    expect(results.every((result) => result.status === 'processed')).toBe(true);
    for (let i = 0; i < 12; i++) {
      // Every event reached each subscriber who allows it exactly once, whatever was retried.
      const delivered = ref.service.data.messages.filter((m) => m.payload.title === `Fault run ${i}`);
      expect(delivered).toHaveLength(recipients());
      expect(new Set(delivered.map((m) => m._subscriberId)).size).toBe(recipients());
      expect(new Set(delivered.map((m) => m.transactionId))).toEqual(new Set([results[i]?.transactionId]));
    }
  });

  it('refuses an empty, spaced or over-long key before sending anything', async () => {
    for (const idempotencyKey of ['', 'two words', 'k'.repeat(256)]) {
      const error = await ref.client().broadcast({ name: 'mention', payload: {} }, { idempotencyKey }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxArgumentError);
      expect((error as Error).message).toMatch(/`idempotencyKey` must be 1 to 255 visible ASCII characters/);
    }
    expect(ref.service.requests).toHaveLength(0);
  });

  it('the service refuses a key longer than 255 characters from other clients', async () => {
    const response = await fetch(`${ref.url}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${ref.service.apiKey}`, 'Content-Type': 'application/json', 'idempotency-key': 'k'.repeat(256) },
      body: JSON.stringify({ name: 'mention', payload: {} }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'idempotency-key must be at most 255 characters' });
  });
});

describe('timeouts, aborts and network errors', () => {
  it('aborts an attempt after timeoutMs', async () => {
    ref.service.setFaults({ latencyMs: 400 });
    const error = await ref.client({ timeoutMs: 50, retry: false }).getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxTimeoutError);
    expect((error as Error).message).toMatch(/timed out after 50 ms.*raise `timeoutMs`/);
  });

  it('retries a timed-out GET', async () => {
    ref.service.injectFault({ latencyMs: 400, path: feedPath });
    const page = await ref.client({ timeoutMs: 150 }).getFeed({ subscriberId: 'sub_ada' });
    expect(page.data).toHaveLength(10);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    // Answers after 5 s: stopping at once is stopping well before that.
    ref.service.setFaults({ latencyMs: 5_000 });
    let attempts = 0;
    const client = ref.client({
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    const error = await client.getFeed({ subscriberId: 'sub_ada' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxAbortError);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toBe(1);
  });

  it('times out a body that stalls half-way', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const stalling = createHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"global":');
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const address = stalling.address();
    try {
      const client = ref.client({ baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, timeoutMs: 150, retry: false });
      await expect(client.getPreferences({ subscriberId: 'sub_ada' })).rejects.toBeInstanceOf(InboxTimeoutError);
    } finally {
      stalling.closeAllConnections();
      stalling.close();
    }
  });

  it('stops at once when the caller aborts during a retry’s backoff', async () => {
    ref.service.injectFault({ status: 503, path: feedPath });
    const controller = new AbortController();
    const client = ref.client({ retry: { retries: 2, baseDelayMs: 60_000 } });
    // Its own subscriber, so a late request from an earlier test cannot be counted as a retry.
    const mine = () => ref.service.requests.filter((r) => r.path.includes('/sub_backoff/'));
    const pending = client.getFeed({ subscriberId: 'sub_backoff' }, { signal: controller.signal }).catch((e: unknown) => e);
    await expect.poll(() => mine().length).toBe(1);
    // The backoff is 30 to 60 s; the abort ends it at once, well before that.
    const aborted = Date.now();
    controller.abort();
    expect(await pending).toBeInstanceOf(InboxAbortError);
    expect(Date.now() - aborted).toBeLessThan(30_000);
    expect(mine()).toEqual([expect.objectContaining({ status: 503 })]);
  });

  it('abort and timeout also cover a `headers` function that never settles', async () => {
    const never = () => new Promise<HeadersInit>(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const aborted = await ref.client({ headers: never }).getFeed({ subscriberId: 'sub_ada' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(InboxAbortError);

    const timedOut = await ref.client({ headers: never, timeoutMs: 50, retry: false }).getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(InboxTimeoutError);
    expect((timedOut as Error).message).toMatch(/getFeed timed out after 50 ms waiting for your `headers` function; nothing was sent/);
    expect(ref.service.requests).toHaveLength(0);
  });

  it('turns a failing `headers` function into an InboxError that names it, without sending or retrying', async () => {
    let calls = 0;
    const client = ref.client({
      headers: async () => {
        calls++;
        await Promise.resolve();
        throw new Error('session expired');
      },
    });
    const error = await client.getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxError);
    expect(error).toMatchObject({ code: 'headers_failed' });
    expect((error as Error).message).toMatch(/getFeed: your `headers` function failed, so no request was sent: session expired/);
    expect(calls).toBe(1);
    expect(ref.service.requests).toHaveLength(0);
  });

  it('a header value that cannot be sent is a headers_failed error, not a network error, and is not retried', async () => {
    let fetches = 0;
    const client = ref.client({
      headers: () => ({ Authorization: 'Bearer abc\ndef' }),
      fetch: (input, init) => {
        fetches++;
        return fetch(input, init);
      },
    });
    const error = await client.getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'headers_failed' });
    expect(error).not.toBeInstanceOf(InboxNetworkError);
    expect(fetches).toBe(0);
  });

  it('refuses an API key that is empty or could not be sent as a header, when the client is made', () => {
    expect(() => ref.client({ apiKey: '' })).toThrow(/createInboxClient: `apiKey` is empty: is its environment variable set\?/);
    expect(() => ref.client({ apiKey: 'sk_test\n' })).toThrow(/`apiKey` must be the key as issued: visible ASCII/);
    expect(() => ref.client({ apiKey: 'sk_\u00ff\u0100' })).toThrow(InboxArgumentError);
  });

  it('explains an unreachable service', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const client = ref.client({ baseUrl: `http://127.0.0.1:${port}`, retry: { retries: 1, baseDelayMs: 1 } });
    const error = await client.getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxNetworkError);
    expect((error as Error).message).toMatch(new RegExp(`could not reach http://127.0.0.1:${port}/v1/.*Check \`baseUrl\` and that the service .* is up`));
  });
});

describe('envelope', () => {
  it('accepts bodies wrapped in {data} as the deployed service sends them', async () => {
    const { startReferenceServer } = await import('inbox-kit/server');
    const wrapped = await startReferenceServer({ envelope: true });
    try {
      const client = ref.client({ baseUrl: wrapped.url, apiKey: wrapped.service.apiKey });
      const raw = await fetch(`${wrapped.url}/v2/subscribers/sub_ada/preferences`, { headers: { Authorization: `ApiKey ${wrapped.service.apiKey}` } });
      expect(Object.keys((await raw.json()) as object)).toEqual(['data']);

      const page = await client.getFeed({ subscriberId: 'sub_ada' });
      expect(page.data).toHaveLength(10);
      expect((await client.getPreferences({ subscriberId: 'sub_ada' })).global.enabled).toBe(true);
      const id = page.data[0]?._id ?? '';
      expect(await client.markAs({ subscriberId: 'sub_ada', messageId: id, markAs: 'read' })).toMatchObject([{ _id: id, read: true }]);
      const email = wrapped.service.data.integrations.find((i) => i.identifier === 'mailgun-eu');
      expect(await client.setPrimaryIntegration({ integrationId: email?._id ?? '' })).toMatchObject({ primary: true });
      expect(await client.broadcast({ name: 'product-announcement', payload: {} })).toMatchObject({ status: 'processed' });
      expect((await client.updatePreferences({ subscriberId: 'sub_ada', channels: { push: false } })).global.channels.push).toBe(false);
    } finally {
      await wrapped.close();
    }
  });
});

describe('huge error bodies', () => {
  it('a 503 whose message is 10 MB becomes a short error, not a 10-million-character one', async () => {
    const message = 'x'.repeat(10_000_000);
    const client = createInboxClient({ baseUrl: 'http://service.test', apiKey: 'k', retry: false, fetch: async () => Response.json({ statusCode: 503, message }, { status: 503 }) });
    const error = await client.getFeed({ subscriberId: 'sub_ada' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InboxApiError);
    expect((error as InboxApiError).message.length).toBeLessThan(2_000);
    expect((error as InboxApiError).messages[0]?.length).toBeLessThanOrEqual(501);
  });
});
