/**
 * Whatever the service answers, the open inbox never loops: repeated identical pages end paging,
 * duplicate ids show once, invalid items are left out, skipped ids are not re-sent. Each odd
 * service below drives an open inbox for 10 seconds, and the requests are counted.
 */
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Inbox } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import { createReferenceService } from 'inbox-kit/testing';
import { BASE, mountTab, unmountTabs } from './harness';

type Body = { data: Record<string, unknown>[]; hasMore: boolean; page: number; pageSize: number; totalCount?: number };

/** A service whose feed answers are rewritten; mark-as answers as `markAs` says. */
function oddService(rewrite: (body: Body, url: URL) => Body, markAs?: () => Response) {
  const service = createReferenceService({ now: Date.now(), messages: 60 });
  for (const message of service.data.messages) Object.assign(message, { seen: false });
  const requests: string[] = [];
  /** Every id sent to mark-as. */
  const marked: string[] = [];
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: false,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname.split('/').slice(-2).join('/')}${url.search}`);
      if (url.pathname.endsWith('/mark-as')) marked.push(...([] as string[]).concat(((await request.clone().json()) as { messageId: string | string[] }).messageId));
      if (markAs && url.pathname.endsWith('/mark-as')) return markAs();
      const response = await service.handle(request);
      if (!url.pathname.endsWith('/notifications/feed') || !response.ok) return response;
      return Response.json(rewrite((await response.json()) as Body, url), { status: response.status });
    },
  });
  return { client, requests, marked };
}

const ODD: [string, ReturnType<typeof oddService>][] = [];
afterEach(() => unmountTabs());

it('an open inbox sends a small, fixed number of requests in 10 seconds against each odd service', { timeout: 30_000 }, async () => {
  let first: Body | undefined;
  ODD.push(
    ['the same page whatever page, limit, read or seen say', oddService((body) => (first ??= body))],
    ['the same 3 items with hasMore: true for ever', oddService((body) => ({ ...body, data: body.data.slice(0, 3), hasMore: true }))],
    [
      'pages that repeat half of the one before (duplicate ids across pages)',
      oddService((body, url) => (Number(url.searchParams.get('page')) > 0 ? { ...body, data: [...body.data.slice(0, 5).map((item) => ({ ...item })), ...body.data] } : body)),
    ],
    ['every other item malformed', oddService((body) => ({ ...body, data: body.data.map((item, i) => (i % 2 ? { ...item, createdAt: 42, _id: i % 4 === 1 ? undefined : item._id } : item)) }))],
    ['mark-as that skips every id (answers [])', oddService((body) => body, () => Response.json({ data: [] }, { status: 201 }))],
  );
  // Side by side, all on screen: each is seen (and marks what it shows seen) as a reader would.
  await page.viewport(1600, 900);
  const hosts = ODD.map(([, { client }]) => mountTab(<Inbox variant="embedded" />, client, { style: 'display: inline-flex; flex-direction: column; width: 300px; height: 400px' }).host);
  // Scroll each to its end now and then, as a reader would: a list that never ends would page for ever.
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    for (const host of hosts) {
      const scroll = host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]');
      if (scroll) scroll.scrollTop = scroll.scrollHeight;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const counts = ODD.map(([name, { requests }]) => `${requests.length} ${name}`);
  console.log(`requests in 10 s, per odd service:\n${counts.join('\n')}`);
  for (const [name, { requests }] of ODD) expect(requests.length, `${name}:\n${requests.join('\n')}`).toBeLessThanOrEqual(12);
  // Every case was exercised: the one whose mark-as skips every id was sent what it showed, and
  // never the same id twice.
  const skipped = ODD[4]?.[1].marked ?? [];
  expect(skipped.length).toBeGreaterThan(0);
  expect(new Set(skipped).size).toBe(skipped.length);
  // Duplicates show once.
  const shown = [...(hosts[2]?.querySelectorAll('[data-inbox-slot="item"]') ?? [])].map((item) => item.getAttribute('aria-labelledby'));
  expect(new Set(shown).size).toBe(shown.length);
});
