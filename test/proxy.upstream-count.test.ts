/**
 * What one browser request costs the service, counted: every request the proxy sends upstream is
 * counted against the user's limit and the all-users limit, and the v2 API answered over a v1-only
 * service makes at most 3 upstream requests per browser request, whatever it asks (30 count
 * filters, a "mark all" of 150 without the service's mark-all route). The figures are printed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupProxies } from './helpers/proxy';
import { setupReferenceServer } from './helpers/reference-server';

// A deployment older than the v2 API, with more notifications than a count of the first 100 reaches.
const v1Only = setupReferenceServer({ notificationsV2: false, messages: 150 });
// Older still: without mark-all.
const withoutMarkAll = setupReferenceServer({ notificationsV2: false, markAll: false, messages: 150 });
// The reviewer's: 250 notifications, some read.
const v1Of250 = setupReferenceServer({ notificationsV2: false, messages: 250 });
const proxyFor = setupProxies(v1Only);
const proxyOf250 = setupProxies(v1Of250);
const proxyWithoutMarkAll = setupProxies(withoutMarkAll);
/** The most upstream requests one browser request may make over v1. */
const TRANSLATION_CEILING = 3;
beforeEach(() => {
  for (const message of [...v1Only.service.data.messages, ...withoutMarkAll.service.data.messages]) message.read = false;
});

const user = 'sub_ada';
const notifications = `/v2/subscribers/${user}/notifications`;
/** A browser that speaks v2 only, as the kit's does. */
const ask = (base: string, path: string, init: { method?: string; body?: unknown; key?: string; as?: string } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-test-user': init.as ?? user, 'x-inbox-kit-speaks': 'v2', 'content-type': 'application/json', ...(init.key ? { 'idempotency-key': init.key } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

/** 30 count filters as a script might send them: every read and seen, with and without the tabs' defaults, severities and tags. */
const THIRTY = Array.from({ length: 30 }, (_, index) => {
  const read = [false, true, undefined][index % 3];
  const seen = [false, true, undefined][Math.floor(index / 3) % 3];
  return { ...(read === undefined ? {} : { read }), ...(seen === undefined ? {} : { seen }), ...(index >= 9 ? { archived: false, snoozed: false } : {}), ...(index >= 18 ? { severity: ['high'] } : {}), ...(index >= 27 ? { tags: ['billing'] } : {}) };
});
const countEntries = z.array(
  z.object({ count: z.number(), filter: z.object({ read: z.boolean().optional(), seen: z.boolean().optional(), severity: z.array(z.string()).optional(), tags: z.array(z.string()).optional() }) }),
);
/** A count answer's entries: bare over v1, as the v2 client accepts them, or in their envelope. */
async function countsOf(answer: Response): Promise<z.infer<typeof countEntries>> {
  return z.union([countEntries, z.object({ data: countEntries }).transform((body) => body.data)]).parse(await answer.json());
}
/** The count the kit reads right for `truth`: itself below 100, else 100, "at least 100" (the only count the kit reads as not exact). */
const asTheKitReadsIt = (truth: number) => Math.min(100, truth);
const countPath = (filters: unknown[]) => `${notifications}/count?filters=${encodeURIComponent(JSON.stringify(filters))}`;

/** Upstream requests the service saw while `run` ran. */
async function upstreamOf<T>(service: { requests: unknown[] }, run: () => Promise<T>): Promise<{ result: T; upstream: number }> {
  const before = service.requests.length;
  const result = await run();
  return { result, upstream: service.requests.length - before };
}

describe('the issue’s case: a v1-only service, the browser asking v2 counts of 30 filters', () => {
  it('counts each upstream request: five such requests spend 15 of a limit of 15, and the sixth gets a 429', async () => {
    const base = await proxyFor({ rateLimit: { limit: 5 * TRANSLATION_CEILING, windowMs: 60_000 } });
    const figures: number[] = [];
    for (let round = 0; round < 5; round++) {
      const { result, upstream } = await upstreamOf(v1Only.service, () => ask(base, countPath(THIRTY)));
      expect(result.status).toBe(200);
      figures.push(upstream);
    }
    expect(figures.every((upstream) => upstream <= TRANSLATION_CEILING)).toBe(true);
    const spent = figures.reduce((sum, upstream) => sum + upstream, 0);
    expect(spent).toBe(5 * TRANSLATION_CEILING);
    // The upstream count says the limit is spent: refused before the service is asked anything.
    const { result: sixth, upstream } = await upstreamOf(v1Only.service, () => ask(base, countPath(THIRTY)));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(upstream).toBe(0);
    console.log(`30 count filters over v1, limit ${5 * TRANSLATION_CEILING}: upstream per request ${figures.join(', ')} (${spent} in all, ${(spent / 5).toFixed(1)} a request); the 6th: ${sixth.status}`);
  });

  it('and only when it says so: with room for a sixth, the sixth is answered', async () => {
    const base = await proxyFor({ rateLimit: { limit: 6 * TRANSLATION_CEILING, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let round = 0; round < 7; round++) statuses.push((await ask(base, countPath(THIRTY))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('answers what v1 counts cheaply exactly, and the rest as lower bounds (100: "at least 100")', async () => {
    const base = await proxyFor({ rateLimit: false });
    // The inbox's own counts (unread, unseen, high severity, a tab by tag): two lists.
    const kit = [{ read: false, snoozed: false }, { seen: false, snoozed: false }, { read: false, snoozed: false, severity: ['high'] }, { read: false, snoozed: false, tags: ['billing'] }];
    const truth = (filter: { read?: boolean; seen?: boolean }) => Math.min(100, v1Only.service.feedOf(user, filter).length);
    const newest = new Set(v1Only.service.feedOf(user).slice(0, 60).map((n) => n._id));
    for (const message of v1Only.service.data.messages) if (newest.has(message._id)) Object.assign(message, { read: true, seen: true });
    expect(truth({ read: false })).toBe(90);
    const { result, upstream } = await upstreamOf(v1Only.service, () => ask(base, countPath(kit)));
    const counts = (await countsOf(result)).map((entry) => entry.count);
    expect(counts).toEqual([truth({ read: false }), truth({ seen: false }), 0, 0]);
    expect(upstream).toBeLessThanOrEqual(TRANSLATION_CEILING);
    // Thirty: each count exact, or 100, which the kit reads as not exact (99+); never a wrong number that looks exact.
    const thirty = await countsOf(await ask(base, countPath(THIRTY)));
    for (const { count, filter } of thirty) {
      const countable = !filter.tags && !filter.severity;
      if (!countable) expect(count).toBe(0);
      else if (count < 100) expect(count, JSON.stringify(filter)).toBe(truth(filter));
    }
    // Every notification, 150, counted at least 100 from the list of all.
    expect(thirty[8]?.count).toBe(100);
  });
});

describe('counts past what the lists allowed settle', () => {
  it('the reviewer’s case: a fresh proxy, 250 notifications, unread, unseen and read: none a wrong number that looks exact', async () => {
    const base = await proxyOf250({ rateLimit: false });
    const filters = [{ read: false }, { seen: false }, { read: true }];
    const truths = filters.map((filter) => v1Of250.service.feedOf(user, filter).length);
    expect(truths[2]).toBeGreaterThan(100);
    // A fresh proxy: the v2 count is tried first, which leaves two lists for three filters.
    const { result, upstream } = await upstreamOf(v1Of250.service, () => ask(base, countPath(filters)));
    const counts = (await countsOf(result)).map((entry) => entry.count);
    expect(upstream).toBe(TRANSLATION_CEILING);
    expect(counts).toEqual(truths.map(asTheKitReadsIt));
    console.log(`unread, unseen, read of 250 over v1 on a fresh proxy: ${counts.join(', ')} (truth ${truths.join(', ')})`);
  });

  it('the count route’s 404 says the service has no v2 too: the next count is not asked of v2 and has a list for each filter', async () => {
    const base = await proxyOf250({ rateLimit: false });
    const filters = [{ read: false }, { seen: false }, { read: true }];
    await ask(base, countPath(filters));
    const before = v1Of250.service.requests.length;
    const answer = await ask(base, countPath(filters));
    expect(v1Of250.service.requests.slice(before).map((r) => r.path).filter((path) => path.includes('/v2/'))).toEqual([]);
    expect(v1Of250.service.requests.length - before).toBe(3);
    expect((await countsOf(answer)).map((entry) => entry.count)).toEqual(filters.map((filter) => asTheKitReadsIt(v1Of250.service.feedOf(user, filter).length)));
  });
});

describe('the all-users limit', () => {
  it('counts what each user’s requests send upstream', async () => {
    const base = await proxyFor({ rateLimit: { limit: 100, windowMs: 60_000, allUsers: 2 * TRANSLATION_CEILING } });
    expect((await ask(base, countPath(THIRTY))).status).toBe(200);
    expect((await ask(base, countPath(THIRTY).replace(user, 'sub_grace'), { as: 'sub_grace' })).status).toBe(200);
    expect((await ask(base, countPath(THIRTY).replace(user, 'sub_yuki'), { as: 'sub_yuki' })).status).toBe(429);
  });
});

describe(`each translated route makes at most ${TRANSLATION_CEILING} upstream requests`, () => {
  it('counted for a proxy that has yet to learn the service is v1 (it asks v2 first) and for one that knows', { timeout: 60_000 }, async () => {
    const rows: { route: string; fresh: number; known: number }[] = [];
    const pending = () => v1Only.service.feedOf(user).find((n) => n.cta.action?.status === 'pending' && n.cta.action.buttons?.length)?._id ?? 'none';
    const newest = () => v1Only.service.feedOf(user)[0]?._id ?? 'none';
    const ROUTES: [string, () => [string, { method?: string; body?: unknown }]][] = [
      ['list (a page of 20)', () => [`${notifications}?limit=20&archived=false&snoozed=false`, {}]],
      ['count (the inbox’s 4 filters)', () => [countPath([{ read: false, snoozed: false }, { seen: false, snoozed: false }, { read: false, severity: ['high'] }, { read: false, tags: ['x'] }]), {}]],
      ['count (30 filters)', () => [countPath(THIRTY), {}]],
      ['read', () => [`${notifications}/${newest()}/read`, { method: 'PATCH' }]],
      ['unread', () => [`${notifications}/${newest()}/unread`, { method: 'PATCH' }]],
      ['button: complete', () => [`${notifications}/${pending()}/actions/primary/complete`, { method: 'PATCH' }]],
      ['seen (by ids)', () => [`${notifications}/seen`, { method: 'POST', body: { notificationIds: v1Only.service.feedOf(user).slice(0, 5).map((n) => n._id) } }]],
      ['mark all read (mark-all route)', () => [`${notifications}/read`, { method: 'POST', body: {} }]],
      ['mark all read by data (in batches)', () => [`${notifications}/read`, { method: 'POST', body: { data: '{}' } }]],
      ['archive (v1 cannot)', () => [`${notifications}/${newest()}/archive`, { method: 'PATCH' }]],
    ];
    for (const [index, [route, request]] of ROUTES.entries()) {
      const costs: number[] = [];
      for (const known of [false, true]) {
        v1Only.service.reset();
        const base = await proxyFor({ rateLimit: false });
        // A proxy that listed once knows the service has no v2.
        if (known) await ask(base, `${notifications}?limit=1`);
        const [path, init] = request();
        const { result, upstream } = await upstreamOf(v1Only.service, () => ask(base, path, { ...init, key: `k-${index}` }));
        expect(result.status, route).toBeLessThan(500);
        costs.push(upstream);
      }
      rows.push({ route, fresh: costs[0] ?? 0, known: costs[1] ?? 0 });
    }
    console.log(`upstream requests per browser request over v1 (ceiling ${TRANSLATION_CEILING}):\n${rows.map((row) => `  ${row.route.padEnd(36)} ${row.fresh} first, ${row.known} once v1 is known`).join('\n')}`);
    expect(rows.filter((row) => row.fresh > TRANSLATION_CEILING || row.known > TRANSLATION_CEILING)).toEqual([]);
  });

  it('"mark all" of 150 without the mark-all route: a 409 (go on) while some are left, each request within the ceiling, all read in the end', async () => {
    const service = withoutMarkAll.service;
    const base = await proxyWithoutMarkAll({ rateLimit: false });
    expect(service.feedOf(user, { read: false }).length).toBe(150);
    const answers: { status: number; upstream: number; retryAfter: string | null }[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const { result, upstream } = await upstreamOf(service, () => ask(base, `${notifications}/read`, { method: 'POST', body: {}, key: 'mark-all-150' }));
      answers.push({ status: result.status, upstream, retryAfter: result.headers.get('retry-after') });
      if (result.status !== 409) break;
    }
    console.log(`mark all read of 150 over v1 without mark-all: ${answers.map((a) => `${a.status} (${a.upstream} upstream)`).join(', ')}`);
    expect(answers.at(-1)?.status).toBe(204);
    expect(answers.slice(0, -1).every((a) => a.status === 409 && a.retryAfter === '1')).toBe(true);
    expect(answers.every((a) => a.upstream <= TRANSLATION_CEILING)).toBe(true);
    expect(service.feedOf(user, { read: false })).toEqual([]);
  });

  it('"mark all" cut short by the user’s limit answers 429 with Retry-After, and sends no list it has no room to mark', async () => {
    const service = withoutMarkAll.service;
    const base = await proxyWithoutMarkAll({ rateLimit: { limit: 2, windowMs: 60_000 } });
    // Another user's list: the proxy knows the service is v1.
    expect((await ask(base, '/v2/subscribers/sub_grace/notifications?limit=1', { as: 'sub_grace' })).status).toBe(200);
    const before = service.requests.length;
    const first = await ask(base, `${notifications}/read`, { method: 'POST', body: {}, key: 'mark-all-limited' });
    // Two of the user's limit: the request itself (paying for mark-all's 404), then room for one more, not for a list and its mark-as.
    expect(service.requests.slice(before).map((r) => r.path.split('/').at(-1))).toEqual(['mark-all']);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(service.feedOf(user, { read: false }).length).toBe(150);
  });
});
