/** The reference service's own behaviour where the spec says "not shown" (DESIGN.md), called as a Fetch handler. */
import { describe, expect, it } from 'vitest';
import { encodePayloadFilter, partialMatch } from 'inbox-kit/client';
import { createReferenceService, SEEDED_SUBSCRIBER_IDS } from 'inbox-kit/testing';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const BASE = 'http://service.test/api';

function call(service: ReturnType<typeof createReferenceService>, path: string, init: RequestInit & { auth?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.auth !== false) headers.set('Authorization', `ApiKey ${service.apiKey}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return service.handle(new Request(`${BASE}${path}`, { ...init, headers }));
}

describe('seed data', () => {
  it('is deterministic for a seed and different for another', () => {
    const a = createReferenceService({ seed: 7, now: NOW }).feedOf('sub_ada');
    const b = createReferenceService({ seed: 7, now: NOW }).feedOf('sub_ada');
    const c = createReferenceService({ seed: 8, now: NOW }).feedOf('sub_ada');
    expect(a).toEqual(b);
    expect(c.map((i) => i._id)).not.toEqual(a.map((i) => i._id));
  });

  it('covers every actor type, CTA kind and state, read/seen mixes and non-Latin, long and hostile content', () => {
    const service = createReferenceService({ now: NOW });
    const feed = service.feedOf('sub_ada');
    expect(new Set(feed.map((i) => i.actor?.type))).toEqual(new Set(['none', 'user', 'system_icon', 'system_custom']));
    expect(feed.some((i) => i.cta.type === 'redirect' && i.cta.data?.url?.startsWith('/'))).toBe(true);
    expect(feed.some((i) => i.cta.data?.url?.startsWith('https://'))).toBe(true);
    expect(feed.some((i) => i.cta.data?.url?.startsWith('mailto:'))).toBe(true);
    expect(feed.some((i) => i.cta.data?.url?.startsWith('javascript:'))).toBe(true);
    expect(feed.some((i) => i.cta.action?.status === 'pending' && i.cta.action.buttons?.length === 2)).toBe(true);
    expect(feed.some((i) => i.cta.action?.status === 'done' && i.cta.action.result?.type === 'primary')).toBe(true);
    expect(new Set(feed.map((i) => `${i.read}/${i.seen}`))).toEqual(new Set(['true/true', 'false/true', 'false/false']));
    expect(new Set(feed.map((i) => i.status))).toEqual(new Set(['sent', 'error', 'warning']));
    expect(feed.some((i) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(i.content))).toBe(true);
    expect(feed.some((i) => /[\u0600-\u06ff]/.test(i.content))).toBe(true);
    expect(feed.some((i) => i.content.length > 400)).toBe(true);
    expect(feed.some((i) => i.content.includes('<script>'))).toBe(true);
    const spanDays = (Date.parse(feed[0]?.createdAt ?? '') - Date.parse(feed.at(-1)?.createdAt ?? '')) / 86_400_000;
    expect(spanDays).toBeGreaterThan(28);
    expect(SEEDED_SUBSCRIBER_IDS.length).toBeGreaterThanOrEqual(5);
    const workflows = service.data.workflows;
    expect(workflows.some((w) => w.critical)).toBe(true);
    expect(workflows.some((w) => !w.active)).toBe(true);
    expect(workflows.some((w) => w.steps.length === 0)).toBe(true);
    const channels = service.data.integrations.map((i) => i.channel);
    for (const channel of ['in_app', 'email', 'sms', 'chat', 'push']) expect(channels).toContain(channel);
    expect(channels.filter((c) => c === 'email').length).toBeGreaterThanOrEqual(2);
    expect(channels.filter((c) => c === 'sms').length).toBeGreaterThanOrEqual(2);
  });

  it('serves avatars itself, without authentication, and the broken one as a damaged file', async () => {
    const service = createReferenceService({ now: NOW });
    const page = (await (await call(service, '/v1/subscribers/sub_ada/notifications/feed?limit=100')).json()) as { data: { actor?: { type: string; data: string | null }; subscriber?: { avatar?: string } }[] };
    const avatarUrls = page.data.flatMap((i) => [i.subscriber?.avatar, i.actor?.type === 'user' || i.actor?.type === 'system_custom' ? i.actor.data : undefined]).filter((u): u is string => !!u);
    expect(avatarUrls.length).toBeGreaterThan(0);
    expect(avatarUrls.every((u) => u.startsWith(`${BASE}/avatars/`))).toBe(true);
    const ok = await service.handle(new Request(avatarUrls[0] ?? ''));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(await ok.text()).toMatch(/^<svg /);
    expect(avatarUrls.some((u) => u.endsWith('/olu.svg'))).toBe(true);
    const damaged = await service.handle(new Request(`${BASE}/avatars/olu.svg`));
    expect(damaged.status).toBe(200);
    expect(await damaged.text()).not.toMatch(/<\/svg>$/);
  });

  it('builds 10,000 messages per subscriber for benchmarks', async () => {
    const service = createReferenceService({ messages: 10_000, now: NOW });
    const page = (await (await call(service, '/v1/subscribers/sub_ada/notifications/feed?page=99&limit=100')).json()) as { data: unknown[]; hasMore: boolean };
    expect(page.data).toHaveLength(100);
    expect(page.hasMore).toBe(false);
    expect(service.feedOf('sub_ada')).toHaveLength(10_000);
  });
});

describe('feed query rules', () => {
  const service = createReferenceService({ now: NOW });
  it.each([
    ['limit=101', ['limit must not be greater than 100']],
    ['limit=0', ['limit must not be less than 1']],
    ['limit=ten', ['limit must be an integer number']],
    ['page=-2', ['page must not be less than 0']],
    ['read=yes', ['read must be a boolean value']],
  ])('%s -> 400', async (query, message) => {
    const response = await call(service, `/v1/subscribers/sub_ada/notifications/feed?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message, error: 'Bad Request', path: '/api/v1/subscribers/sub_ada/notifications/feed' });
  });

  it('answers 400 for an undecodable payload filter and treats {} as no filter', async () => {
    const bad = await call(service, '/v1/subscribers/sub_ada/notifications/feed?payload=%%%');
    expect(await bad.json()).toMatchObject({ statusCode: 400, message: 'Invalid payload, the JSON object should be encoded to base64 string.' });
    const notObject = await call(service, `/v1/subscribers/sub_ada/notifications/feed?payload=${encodeURIComponent(btoa('[1]'))}`);
    expect(notObject.status).toBe(400);
    const empty = await call(service, `/v1/subscribers/sub_ada/notifications/feed?payload=${encodeURIComponent(encodePayloadFilter({}))}`);
    expect(((await empty.json()) as { data: unknown[] }).data).toHaveLength(10);
  });

  it('matches payloads partially and deeply, arrays by index', () => {
    const stored = { a: 1, b: { c: 'x', d: [1, 2, { e: true }] }, f: null };
    expect(partialMatch({}, stored)).toBe(true);
    expect(partialMatch({ a: 1 }, stored)).toBe(true);
    expect(partialMatch({ b: { c: 'x' } }, stored)).toBe(true);
    expect(partialMatch({ b: { d: [1] } }, stored)).toBe(true);
    expect(partialMatch({ b: { d: [1, 2, { e: true }] } }, stored)).toBe(true);
    expect(partialMatch({ f: null }, stored)).toBe(true);
    expect(partialMatch({ a: '1' }, stored)).toBe(false);
    expect(partialMatch({ b: { d: [2] } }, stored)).toBe(false);
    expect(partialMatch({ b: { c: 'x', z: 1 } }, stored)).toBe(false);
    expect(partialMatch({ missing: { deep: 1 } }, stored)).toBe(false);
  });

  it('pages as the deployed service does: pageSize is the limit, totalCount at most the limit', async () => {
    const deployed = createReferenceService({ now: NOW });
    const all = deployed.feedOf('sub_ada').length;
    const first = (await (await call(deployed, '/v1/subscribers/sub_ada/notifications/feed?limit=5')).json()) as Record<string, unknown>;
    expect(first).toMatchObject({ totalCount: 5, hasMore: true, pageSize: 5, page: 0 });
    const lastPage = Math.floor((all - 1) / 5);
    const last = (await (await call(deployed, `/v1/subscribers/sub_ada/notifications/feed?limit=5&page=${lastPage}`)).json()) as { data: unknown[] };
    expect(last).toMatchObject({ totalCount: all - lastPage * 5, hasMore: false, pageSize: 5 });
    const beyond = (await (await call(deployed, `/v1/subscribers/sub_ada/notifications/feed?limit=5&page=${lastPage + 1}`)).json()) as { data: unknown[] };
    expect(beyond).toMatchObject({ data: [], totalCount: 0, hasMore: false, pageSize: 5 });
  });
});

describe('HTTP behaviour', () => {
  it('answers CORS preflights and exposes the headers clients read', async () => {
    const service = createReferenceService({ now: NOW });
    const response = await service.handle(new Request(`${BASE}/v1/events/trigger/broadcast`, { method: 'OPTIONS' }));
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/idempotency-key/);
    expect(response.headers.get('Access-Control-Expose-Headers')).toMatch(/Retry-After/);
  });

  it('rate-limits with 429, Retry-After and RateLimit headers', async () => {
    let now = NOW;
    const service = createReferenceService({ now: NOW, clock: () => now, rateLimit: { limit: 2, windowMs: 10_000 } });
    const first = await call(service, '/v2/subscribers/sub_ada/preferences');
    expect(first.headers.get('RateLimit-Remaining')).toBe('1');
    await call(service, '/v2/subscribers/sub_ada/preferences');
    const limited = await call(service, '/v2/subscribers/sub_ada/preferences');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('10');
    expect(limited.headers.get('RateLimit-Limit')).toBe('2');
    now += 10_000;
    expect((await call(service, '/v2/subscribers/sub_ada/preferences')).status).toBe(200);
  });

  it('refuses malformed and oversized bodies, and unknown routes', async () => {
    const service = createReferenceService({ now: NOW, maxBodyBytes: 1_000 });
    const path = '/v1/subscribers/sub_ada/messages/mark-as';
    expect(await (await call(service, path, { method: 'POST', body: '{not json' })).json()).toMatchObject({ statusCode: 400, message: 'Request body is not valid JSON' });
    expect((await call(service, path, { method: 'POST', body: JSON.stringify({ messageId: 'x'.repeat(2_000), markAs: 'read' }) })).status).toBe(413);
    const empty = await call(service, path, { method: 'POST', body: JSON.stringify({ messageId: [], markAs: 'read' }) });
    expect(await empty.json()).toMatchObject({ statusCode: 400, message: 'messageId is required' });
    expect((await call(service, '/v1/nothing-here')).status).toBe(404);
    expect((await call(service, '/v1/subscribers/sub_ada/notifications/feed', { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses preference updates with 403 when configured read-only', async () => {
    const service = createReferenceService({ now: NOW, preferenceUpdates: false });
    const response = await call(service, '/v2/subscribers/sub_ada/preferences', { method: 'PATCH', body: JSON.stringify({ channels: { email: false } }) });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/cannot be changed/);
  });

  it('keeps idempotency keys per API key for 24 hours', async () => {
    let now = NOW;
    const service = createReferenceService({ now: NOW, clock: () => now });
    const body = JSON.stringify({ name: 'product-announcement', payload: { title: 'x' } });
    const send = () => call(service, '/v1/events/trigger/broadcast', { method: 'POST', body, headers: { 'idempotency-key': 'k' } });
    const transactionOf = async (response: Response) => ((await response.json()) as { data: { transactionId: string } }).data.transactionId;
    const firstResponse = await send();
    // The deployed service echoes the key on every answer.
    expect(firstResponse.headers.get('Idempotency-Key')).toBe('k');
    const first = await transactionOf(firstResponse);
    const replay = await send();
    expect(replay.headers.get('Idempotency-Replay')).toBe('true');
    expect(replay.headers.get('Idempotency-Key')).toBe('k');
    expect(await transactionOf(replay)).toBe(first);
    now += 24 * 60 * 60 * 1000 + 1;
    const fresh = await send();
    expect(fresh.headers.get('Idempotency-Replay')).toBeNull();
    expect(await transactionOf(fresh)).not.toBe(first);
  });
});
