/**
 * The client against malformed answers, counted: wrong types, deep nesting, huge arrays, non-JSON,
 * truncated bodies, wrong content types, absurd numbers and Retry-After values. Each is refused
 * safely when the call settles, in a time of the order of reading the answer as JSON, with either a typed `InboxError` or a result holding only
 * valid items (the rest reported in `invalidItems`), never a TypeError, a hang or a wait of hours.
 */
import { expect, it } from 'vitest';
import { createInboxClient, InboxError } from 'inbox-kit/client';
import { parseBaseline, SLOWER_AT_MOST, withinBaseline } from './helpers/baseline';
import { inboxNotification } from './helpers/inbox-notification';

/** Past its baseline: what a failure says. */
const tooSlow = ({ took, base }: { took: number; base: number }) => `took ${Math.round(took)} ms, over ${SLOWER_AT_MOST} times the ${base.toFixed(1)} ms of reading it as JSON`;

const item = (overrides: Record<string, unknown> = {}) => ({
  _id: 'm1',
  _templateId: 't',
  _environmentId: 'e',
  _organizationId: 'o',
  _notificationId: 'n',
  _subscriberId: 's',
  _jobId: 'j',
  transactionId: 'tx',
  content: 'Hello',
  channel: 'in_app',
  read: false,
  seen: false,
  cta: { type: 'redirect', data: { url: '/x' } },
  status: 'sent',
  createdAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});
const page = (data: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ data, hasMore: false, page: 0, pageSize: 10, totalCount: 1, ...extra });
/** An object nested 100,000 deep, as text (building it as an object would overflow the test's own stack). */
const deep = `${'{"data":'.repeat(100_000)}{}${'}'.repeat(100_000)}`;

type Body = { status?: number; body: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> };
const MALFORMED: [string, Body][] = [
  ['empty body', { body: '' }],
  ['whitespace', { body: '   ' }],
  ['null', { body: 'null' }],
  ['a number', { body: '42' }],
  ['a string', { body: '"feed"' }],
  ['true', { body: 'true' }],
  ['an array', { body: '[]' }],
  ['HTML', { body: '<!doctype html><title>Gateway</title>', headers: { 'Content-Type': 'text/html' } }],
  ['truncated JSON', { body: page([item()]).slice(0, 40) }],
  ['JSON with a trailing comma', { body: '{"data":[],}' }],
  ['JSON with comments', { body: '{"data":[] /* x */}' }],
  ['NaN and Infinity', { body: '{"data":[],"hasMore":false,"page":NaN,"pageSize":Infinity}' }],
  ['a BOM before JSON', { body: `\uFEFF${page([])}` }],
  ['binary', { body: new Uint8Array([0, 159, 146, 150, 255, 0, 1]) }],
  ['invalid UTF-8 inside a string', { body: new Uint8Array([...new TextEncoder().encode('{"data":[{"_id":"'), 0xc3, 0x28, ...new TextEncoder().encode('"}]}')]) }],
  ['data is an object', { body: page({ 0: item() }) }],
  ['data is a string', { body: page('items') }],
  ['data is null', { body: page(null) }],
  ['hasMore is a string', { body: page([], { hasMore: 'yes' }) }],
  ['page is negative', { body: page([], { page: -1 }) }],
  ['pageSize is 1e308', { body: page([], { pageSize: 1e308 }) }],
  ['totalCount is a string', { body: page([], { totalCount: 'many' }) }],
  ['an item that is null', { body: page([null, item()]) }],
  ['an item that is a number', { body: page([7, item()]) }],
  ['an item without _id', { body: page([item({ _id: undefined }), item()]) }],
  ['an item with _id an object', { body: page([item({ _id: { $oid: 'x' } })]) }],
  ['read as a string', { body: page([item({ read: 'false' })]) }],
  ['createdAt is a number', { body: page([item({ createdAt: 1e20 })]) }],
  ['content is an object', { body: page([item({ content: { html: '<b>x</b>' } })]) }],
  ['cta is an array', { body: page([item({ cta: [] })]) }],
  ['a __proto__ key in an item', { body: page([JSON.parse(`{"__proto__":{"polluted":1},${JSON.stringify(item()).slice(1)}`)]) }],
  ['a 100,000-deep object', { body: deep }],
  ['200,000 items', { body: page(Array.from({ length: 200_000 }, (_, i) => item({ _id: `m${i}` }))) }],
  ['a 5 MB content string', { body: page([item({ content: 'x'.repeat(5_000_000) })]) }],
  ['a 10 MB error message', { status: 503, body: JSON.stringify({ message: 'x'.repeat(10_000_000) }) }],
  ['an error message that is an object', { status: 400, body: JSON.stringify({ message: { nested: true } }) }],
  ['an error message of 100,000 strings', { status: 400, body: JSON.stringify({ message: Array.from({ length: 100_000 }, () => 'bad') }) }],
  ['a 429 with Retry-After in a year', { status: 429, body: '{}', headers: { 'Retry-After': '31536000' } }],
  ['a 429 with Retry-After negative', { status: 429, body: '{}', headers: { 'Retry-After': '-5' } }],
  ['a 429 with Retry-After as garbage', { status: 429, body: '{}', headers: { 'Retry-After': 'soon' } }],
  ['a 429 with Retry-After as an old date', { status: 429, body: '{}', headers: { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' } }],
  ['a 503 with Retry-After of 1e309', { status: 503, body: '{}', headers: { 'Retry-After': '1e309' } }],
  ['status 299', { status: 299, body: page([item()]) }],
  ['status 600 as 500', { status: 500, body: 'not json either' }],
  ['JSON labelled text/plain', { body: page([item()]), headers: { 'Content-Type': 'text/plain' } }],
  ['a redirect to elsewhere', { status: 302, body: '', headers: { Location: 'https://evil.example/' } }],
  ['one letter under 200,000 combining marks', { body: page([item({ subject: `a${'\u0301'.repeat(200_000)}`, content: `a${'\u0301'.repeat(200_000)}` })]) }],
  ['bidi controls in a button label and its result', { body: page([item({ cta: { type: 'redirect', data: {}, action: { status: 'pending', buttons: [{ type: 'primary', content: 'invoice\u202Efdp.exe', resultContent: '\u2066x' }] } } })]) }],
  ['a payload nested 5,000 deep', { body: page([]).replace('"data":[]', `"data":[${JSON.stringify(item()).slice(0, -1)},"payload":${'{"a":'.repeat(5_000)}{}${'}'.repeat(5_000)}}]`) }],
  ['a 500 with a stack trace and a connection string', { status: 500, body: JSON.stringify({ message: 'Error: connect postgres://novu:hunter2@db\n    at Object.connect (pg/client.js:1:1)', stack: 'x'.repeat(100_000) }) }],
];

it(`refuses every malformed answer safely (${MALFORMED.length} tried)`, { timeout: 120_000 }, async () => {
  const failures: string[] = [];
  for (const [name, answer] of MALFORMED) {
    const client = createInboxClient({
      baseUrl: 'http://service.test',
      apiKey: 'k',
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 50 },
      timeoutMs: 2_000,
      fetch: async () => new Response(answer.body, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json', ...answer.headers } }),
    });
    const problems = new Set<string>();
    const time = await withinBaseline(async () => {
      try {
        const result = await client.getFeed({ subscriberId: 'sub_ada' });
        // Accepted: only valid items, each with a string id.
        if (!result.data.every((entry) => typeof entry._id === 'string' && typeof entry.content === 'string')) problems.add('an invalid item passed');
      } catch (error) {
        if (!(error instanceof InboxError)) problems.add(`${error instanceof Error ? error.constructor.name : typeof error}: ${String(error).slice(0, 120)}`);
        else if (error.message.length > 3_000) problems.add(`a ${error.message.length}-character message`);
      }
    }, () => parseBaseline(answer.body));
    if (!time.ok) problems.add(tooSlow(time));
    for (const problem of problems) failures.push(`${name}: ${problem}`);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  console.log(`malformed answers: ${MALFORMED.length} tried, ${MALFORMED.length - failures.length} refused safely, ${failures.length} failed`);
  expect(MALFORMED.length).toBeGreaterThanOrEqual(40);
  expect(failures).toEqual([]);
});

const notification = (overrides: Record<string, unknown> = {}) => ({ ...inboxNotification('n1'), body: 'Hello', ...overrides });
const v2Page = (data: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ data, hasMore: false, filter: {}, ...extra });

const V2_MALFORMED: [string, Body][] = [
  ['v2: an item without `to`', { body: v2Page([notification({ to: undefined }), notification({ id: 'n2' })]) }],
  ['v2: `to` without a subscriberId', { body: v2Page([notification({ to: { id: 's' } })]) }],
  ['v2: isArchived as a string', { body: v2Page([notification({ isArchived: 'no' })]) }],
  ['v2: snoozedUntil as a number', { body: v2Page([notification({ snoozedUntil: 1e12 })]) }],
  ['v2: a button without a label', { body: v2Page([notification({ primaryAction: { isCompleted: false } })]) }],
  ['v2: data as an array', { body: v2Page([notification({ data: [1, 2] })]) }],
  ['v2: workflow as a string', { body: v2Page([notification({ workflow: 'billing' })]) }],
  ['v2: hasMore missing', { body: JSON.stringify({ data: [notification()] }) }],
  ['v2: filter as a string', { body: v2Page([], { filter: 'all' }) }],
  ['v2: 100,000 items', { body: v2Page(Array.from({ length: 100_000 }, (_, i) => notification({ id: `n${i}` }))) }],
  ['v2: counts as an object', { body: JSON.stringify({ data: { count: 1 } }) }],
  ['v2: a count as a string', { body: JSON.stringify({ data: [{ count: '7', filter: {} }] }) }],
  ['v2: a 422 whose rules are objects', { status: 422, body: JSON.stringify({ message: 'Validation Error', errors: { general: { messages: [{ a: 1 }] } } }) }],
  ['v2: a 422 with 100,000 rules', { status: 422, body: JSON.stringify({ message: 'Validation Error', errors: { general: { messages: Array.from({ length: 100_000 }, () => 'bad') } } }) }],
];

it(`v2: refuses every malformed answer safely, on the list, a count and a change (${(MALFORMED.length + V2_MALFORMED.length) * 3} tried)`, { timeout: 120_000 }, async () => {
  const failures: string[] = [];
  for (const [name, answer] of [...MALFORMED, ...V2_MALFORMED]) {
    const client = createInboxClient({
      baseUrl: 'http://service.test',
      apiKey: 'k',
      api: 'v2',
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 50 },
      timeoutMs: 2_000,
      fetch: async () => new Response(answer.body, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json', ...answer.headers } }),
    });
    const calls: [string, () => Promise<boolean>][] = [
      ['list', async () => (await client.notifications.list({ subscriberId: 'sub_ada' })).data.every((n) => typeof n.id === 'string' && typeof n.body === 'string' && typeof n.to.subscriberId === 'string')],
      ['count', async () => (await client.notifications.count({ subscriberId: 'sub_ada', filters: [{}] })).every((c) => typeof c.count === 'number')],
      ['markAsRead', async () => typeof (await client.notifications.markAsRead({ subscriberId: 'sub_ada', notificationId: 'n1' })).id === 'string'],
    ];
    for (const [call, run] of calls) {
      const problems = new Set<string>();
      const time = await withinBaseline(async () => {
        try {
          if (!(await run())) problems.add('an invalid record passed');
        } catch (error) {
          if (!(error instanceof InboxError)) problems.add(`${error instanceof Error ? error.constructor.name : typeof error}: ${String(error).slice(0, 120)}`);
          else if (error.message.length > 3_000) problems.add(`a ${error.message.length}-character message`);
        }
      }, () => parseBaseline(answer.body));
      if (!time.ok) problems.add(tooSlow(time));
      for (const problem of problems) failures.push(`${name} (${call}): ${problem}`);
    }
  }
  const tried = (MALFORMED.length + V2_MALFORMED.length) * 3;
  console.log(`malformed v2 answers: ${tried} tried, ${tried - failures.length} refused safely, ${failures.length} failed`);
  expect(failures).toEqual([]);
});
