/**
 * The proxy against an upstream that answers with what a browser must never get, counted: error
 * text with secrets and stack traces, HTML, bodies without end, a gzip bomb, an integration's
 * credentials. Each vector is contained when the answer holds none of the upstream's secrets or
 * markup, its status is the one the browser can act on, it came within the time bound, every
 * answer says `nosniff`, and what was hidden went to the server's log under the answer's request id.
 */
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { createInboxProxy, type InboxProxyOptions } from 'inbox-kit/server';
import { inboxNotification } from './helpers/inbox-notification';
import { setupListeners } from './helpers/listen';

const listen = setupListeners();
const SECRET = /hunter2|postgres:|at Object\.|node_modules|<script|<html|sk_live/i;
const asAda = { 'x-test-user': 'sub_ada', 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' };
const ADA = '64f0c0ffee0000000000a001';
/** `createInboxProxy`'s default `timeoutMs`. */
const PROXY_TIMEOUT_MS = 10_000;

interface Vector {
  name: string;
  /** The subscriber look-up's answer, when not Ada's record. */
  lookUp?: () => Response;
  /** The upstream's answer to the operation (the subscriber look-up always names Ada). */
  answer: () => Response;
  /** The operation the browser asks for. */
  path?: string;
  method?: string;
  /** The status the browser must get. */
  status: number;
  /** Whether the proxy logs what it hid. */
  logged: boolean;
  /** Extra checks on the answer's body. */
  check?: (body: string) => void;
  options?: Partial<InboxProxyOptions>;
  /** The answer has no body (a v2 DELETE or bulk change), so no content type. */
  empty?: boolean;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers });
/** A v2 notification of `owner`. */
const v2 = (owner: string, id: string) => inboxNotification(id, { to: { id: 'x', subscriberId: owner } });
const stack = 'Error: connect ECONNREFUSED\n    at Object.connect (node_modules/pg/lib/client.js:12:3)\n    at postgres://novu:hunter2@db.internal:5432/novu';
/** A body that never ends, counting what it produced. */
let produced = 0;
const endless = (contentType: string) =>
  new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = new TextEncoder().encode(`{"data":[${'{"_id":"x"},'.repeat(5_000)}`);
        produced += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
    { headers: { 'content-type': contentType } },
  );
/** 256 MiB of JSON whitespace gzipped into about 256 KiB. */
const bomb = (() => {
  const zeros = Buffer.alloc(256 * 1024 * 1024, 0x20);
  zeros.write('{"data":[', 0);
  return gzipSync(zeros, { level: 9 });
})();

const VECTORS: Vector[] = [
  { name: 'a 500 naming a connection string', answer: () => json({ statusCode: 500, message: 'connect postgres://novu:hunter2@db.internal failed' }, 500), status: 500, logged: true },
  { name: 'a 500 with a stack trace', answer: () => json({ statusCode: 500, message: stack, stack }, 500), status: 500, logged: true },
  { name: 'a 503 in plain text', answer: () => new Response(stack, { status: 503, headers: { 'content-type': 'text/plain' } }), status: 503, logged: true },
  { name: 'a 502 HTML page', answer: () => new Response('<html><script>alert(1)</script>hunter2</html>', { status: 502, headers: { 'content-type': 'text/html' } }), status: 502, logged: true },
  { name: 'a 400 whose message is a connection string', answer: () => json({ statusCode: 400, message: 'postgres://novu:hunter2@db' }, 400), status: 400, logged: true },
  { name: 'a 400 whose message list hides a stack', answer: () => json({ statusCode: 400, message: ['limit must not be greater than 100', stack] }, 400), status: 400, logged: true },
  { name: 'a 400 with script in its message', answer: () => json({ statusCode: 400, message: '<script>alert(1)</script>' }, 400), status: 400, logged: true },
  { name: 'a 400 with a message of 100 kB', answer: () => json({ statusCode: 400, message: `limit must be ${'x'.repeat(100_000)}` }, 400), status: 400, logged: true },
  {
    name: 'a 429 with an unknown message keeps its Retry-After',
    answer: () => json({ statusCode: 429, message: 'quota of org 42 (hunter2) exceeded' }, 429, { 'retry-after': '7' }),
    status: 429,
    logged: true,
  },
  {
    name: 'a known validation message passes, and nothing else of the body',
    answer: () => json({ statusCode: 400, message: ['limit must not be greater than 100'], error: 'Bad Request', internal: 'hunter2' }, 400),
    status: 400,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ statusCode: 400, message: ['limit must not be greater than 100'], error: 'Bad Request' }),
  },
  {
    name: 'a new user’s “Subscriber not found” passes (the inbox shows it as empty)',
    answer: () => json({ statusCode: 400, message: 'Subscriber not found for this environment with the id: sub_ada. Make sure to create a subscriber before fetching the feed.' }, 400),
    status: 400,
    logged: false,
  },
  { name: 'a 200 HTML page', answer: () => new Response('<html><script>alert(1)</script></html>', { headers: { 'content-type': 'text/html' } }), status: 502, logged: true },
  { name: 'a 200 without a content type', answer: () => new Response('{"data":[]}', { headers: { 'content-type': '' } }), status: 502, logged: true },
  { name: 'a redirect elsewhere', answer: () => new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }), status: 502, logged: true },
  {
    name: 'a feed item nested 5,000 deep (too deep to write out again)',
    answer: () => new Response(`{"data":[{"_id":"m1","subscriber":{"subscriberId":"sub_ada"},"payload":${'{"a":'.repeat(5_000)}{}${'}'.repeat(5_000)}}]}`, { headers: { 'content-type': 'application/json' } }),
    status: 502,
    logged: true,
  },
  {
    name: 'a v1 feed item whose sender (another subscriber) comes with their email, phone and data',
    answer: () =>
      json({
        data: [
          {
            _id: 'm1',
            subscriber: { _id: ADA, subscriberId: 'sub_ada' },
            actorSubscriber: { _id: 'g1', subscriberId: 'sub_grace', firstName: 'Grace', lastName: 'Hopper', avatar: 'https://example.com/g.png', email: 'grace@example.com', phone: '+15550100', data: { token: 'hunter2' } },
          },
        ],
        hasMore: false,
      }),
    status: 200,
    logged: false,
    check: (body) =>
      expect((JSON.parse(body) as { data: { actorSubscriber: unknown }[] }).data[0]?.actorSubscriber).toEqual({ _id: 'g1', subscriberId: 'sub_grace', firstName: 'Grace', lastName: 'Hopper', avatar: 'https://example.com/g.png' }),
  },
  { name: 'a JSON body without end', answer: () => endless('application/json'), status: 502, logged: false },
  { name: 'a text body without end', answer: () => endless('text/plain'), status: 502, logged: false },
  { name: 'a body of 5 MiB', answer: () => json({ data: [], padding: ' '.repeat(5 * 1024 * 1024) }), status: 502, logged: false },
  {
    name: 'a gzip bomb (256 KiB unpacking to 256 MiB)',
    answer: () => new Response(bomb, { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
    status: 502,
    logged: false,
  },
  {
    name: 'a body that stalls after its headers',
    answer: () => new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"data":[')) }), { headers: { 'content-type': 'application/json' } }),
    status: 504,
    logged: false,
    options: { timeoutMs: 500 },
  },
  { name: 'a 400 “not found for id” carrying a password', answer: () => json({ statusCode: 400, message: 'password=hunter2 host 10.0.0.5 - not found for id' }, 400), status: 400, logged: true },
  { name: 'a 400 naming idempotency-key beside a secret', answer: () => json({ statusCode: 400, message: 'Redis AUTH hunter2 failed while storing idempotency-key' }, 400), status: 400, logged: true },
  { name: 'a 400 “Invalid payload” with a secret after it', answer: () => json({ statusCode: 400, message: 'Invalid payload: password=hunter2' }, 400), status: 400, logged: true },
  { name: 'a 200 whose status text holds a secret', answer: () => new Response('{"data":[]}', { status: 200, statusText: 'OK db=postgres hunter2', headers: { 'content-type': 'application/json' } }), status: 200, logged: false },
  {
    name: 'a subscriber look-up without end (mark-as answers need it)',
    path: '/v1/subscribers/sub_ada/messages/mark-as',
    method: 'POST',
    answer: () => json({ data: [{ _id: 'm1', _subscriberId: ADA }] }, 201),
    lookUp: () => endless('application/json'),
    status: 502,
    logged: true,
  },
  {
    name: 'set-primary’s integration with its credentials',
    path: '/v1/integrations/int_1/set-primary',
    method: 'POST',
    answer: () => json({ data: { _id: 'int_1', channel: 'email', primary: true, credentials: { apiKey: 'sk_live_hunter2', password: 'hunter2' } } }, 201),
    status: 201,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ data: { _id: 'int_1', channel: 'email', primary: true } }),
  },
  // The v2 subscriber-notifications routes.
  {
    name: 'a v2 list mixing in another’s notifications and a field of secrets beside the page',
    path: '/v2/subscribers/sub_ada/notifications',
    answer: () => json({ data: [v2('sub_ada', 'n1'), v2('sub_grace', 'n2'), { id: 'n3', body: 'hunter2' }], hasMore: false, filter: {}, debug: 'postgres://novu:hunter2@db' }),
    status: 200,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ data: [v2('sub_ada', 'n1')], hasMore: false, filter: {} }),
  },
  {
    name: 'a v2 change answering another’s notification',
    path: `/v2/subscribers/sub_ada/notifications/${ADA}/archive`,
    method: 'PATCH',
    answer: () => json({ data: { ...v2('sub_grace', 'p1'), body: 'hunter2' } }),
    status: 404,
    logged: false,
  },
  {
    name: 'v2 counts carrying notifications beside the numbers',
    path: '/v2/subscribers/sub_ada/notifications/count?filters=%5B%7B%7D%5D',
    answer: () => json({ data: [{ count: 4, filter: {}, sample: { ...v2('sub_grace', 'c1'), body: 'hunter2' } }], secret: 'hunter2' }),
    status: 200,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ data: [{ count: 4, filter: {} }] }),
  },
  {
    name: 'a v2 page whose hasMore and filter carry secrets',
    path: '/v2/subscribers/sub_ada/notifications?read=false',
    answer: () => json({ data: [{ ...v2('sub_ada', 'n1'), internal: 'hunter2' }], hasMore: { dump: 'hunter2' }, filter: { dump: 'postgres://novu:hunter2@db' } }),
    status: 200,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ data: [v2('sub_ada', 'n1')], hasMore: false, filter: { read: false } }),
  },
  {
    name: 'a v2 change answering the user’s notification with secrets beside it and inside its records',
    path: `/v2/subscribers/sub_ada/notifications/${ADA}/read`,
    method: 'PATCH',
    answer: () => json({ data: { ...v2('sub_ada', 'p1'), to: { id: 'x', subscriberId: 'sub_ada', password: 'hunter2' }, workflow: { id: 'w', identifier: 'w', name: 'W', critical: false, dsn: 'postgres://x' } }, debug: 'hunter2' }),
    status: 200,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ data: { ...v2('sub_ada', 'p1'), workflow: { id: 'w', identifier: 'w', name: 'W', critical: false } } }),
  },
  { name: 'v2 counts that are not numbers', path: '/v2/subscribers/sub_ada/notifications/count?filters=%5B%7B%7D%5D', answer: () => json({ data: [{ count: 'hunter2' }] }), status: 502, logged: true },
  { name: 'a v2 DELETE answered with a body of secrets', path: `/v2/subscribers/sub_ada/notifications/${ADA}`, method: 'DELETE', answer: () => json({ data: [v2('sub_grace', 'd1')], hunter2: true }), status: 200, logged: false, empty: true, check: (body) => expect(body).toBe('') },
  { name: 'a v2 bulk change answered with a body of secrets', path: '/v2/subscribers/sub_ada/notifications/read', method: 'POST', answer: () => json({ data: [{ ...v2('sub_grace', 'b1'), body: 'hunter2' }] }), status: 200, logged: false, empty: true, check: (body) => expect(body).toBe('') },
  {
    name: 'a v2 validation error passes as the rules it lists, nothing else of its body',
    path: `/v2/subscribers/sub_ada/notifications/${ADA}/snooze`,
    method: 'PATCH',
    answer: () => json({ statusCode: 422, message: 'Validation Error', errors: { general: { messages: ['Snooze time must be at least 60 seconds in the future'], value: 'hunter2' } } }, 422),
    status: 422,
    logged: false,
    check: (body) => expect(JSON.parse(body)).toEqual({ statusCode: 422, message: ['Snooze time must be at least 60 seconds in the future'], error: 'Unprocessable Entity' }),
  },
  {
    name: 'a v2 validation error whose rules hide a connection string',
    path: `/v2/subscribers/sub_ada/notifications/${ADA}/snooze`,
    method: 'PATCH',
    answer: () => json({ statusCode: 422, message: 'Validation Error', errors: { general: { messages: ['snoozeUntil must be a Date instance', 'postgres://novu:hunter2@db'] } } }, 422),
    status: 422,
    logged: true,
  },
];

it(`contains every hostile upstream answer (${VECTORS.length} tried)`, { timeout: 180_000 }, async () => {
  const failures: string[] = [];
  for (const vector of VECTORS) {
    const logged: string[] = [];
    const upstream = await listen(async (request) => {
      if (new URL(request.url).pathname === '/v1/subscribers/sub_ada') return vector.lookUp?.() ?? json({ data: { _id: ADA, subscriberId: 'sub_ada' } });
      return vector.answer();
    });
    const origin = await listen(
      createInboxProxy({
        upstream,
        apiKey: 'sk_test',
        authenticate: (request) => request.headers.get('x-test-user'),
        authorizeAdmin: () => true,
        basePath: '/api/inbox',
        log: (line) => void logged.push(line),
        ...vector.options,
      }),
    );
    produced = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const response = await fetch(`${origin}/api/inbox${vector.path ?? '/v1/subscribers/sub_ada/notifications/feed'}`, {
      method: vector.method ?? 'GET',
      headers: asAda,
      ...(vector.method === 'POST' || vector.method === 'PATCH' ? { body: '{}' } : {}),
    });
    const body = await response.text();
    const took = Date.now() - started;
    const grew = process.memoryUsage().heapUsed - heapBefore;
    const problems: string[] = [];
    if (response.status !== vector.status) problems.push(`status ${response.status}`);
    if (SECRET.test(body) || SECRET.test(response.statusText)) problems.push(`leaked ${response.statusText} ${body.slice(0, 120)}`);
    if (response.headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
    if (!vector.empty && !/^application\/json/.test(response.headers.get('content-type') ?? '')) problems.push(`content-type ${response.headers.get('content-type')}`);
    // Bounded by the proxy's own limits: an endless body by the bytes it reads (counted below), a
    // stall by its time limit. Past twice that limit, nothing bounded it.
    const limit = 2 * (vector.options?.timeoutMs ?? PROXY_TIMEOUT_MS);
    if (took > limit) problems.push(`took ${took} ms, past twice the proxy's time limit`);
    if (grew > 64 * 1024 * 1024) problems.push(`heap grew ${Math.round(grew / 1024 / 1024)} MB`);
    if (produced > 16 * 1024 * 1024) problems.push(`read ${Math.round(produced / 1024 / 1024)} MB of an endless body`);
    if (vector.logged) {
      const id = /request ([\da-f-]{36})/.exec(body)?.[1];
      if (!id || logged.length !== 1 || !logged[0]?.includes(id)) problems.push(`not logged under its id: ${logged.join(' | ')}`);
    } else if (logged.length > 0) problems.push(`logged ${logged.join(' | ')}`);
    if (vector.name.includes('Retry-After') && response.headers.get('retry-after') !== '7') problems.push('Retry-After lost');
    try {
      vector.check?.(body);
    } catch (error) {
      problems.push(String(error));
    }
    if (problems.length > 0) failures.push(`${vector.name}: ${problems.join('; ')}`);
  }
  console.log(`hostile upstream answers: ${VECTORS.length} tried, ${VECTORS.length - failures.length} contained, ${failures.length} got through`);
  expect(failures).toEqual([]);
});
