/**
 * Whatever the service answers, the open inbox never loops: repeated identical pages end paging,
 * duplicate ids show once, invalid items are left out, skipped ids are not re-sent. Each odd
 * service below drives an open inbox for 10 seconds, and the requests are counted.
 */
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Inbox } from 'inbox-kit';
import { mountTab, unmountTabs } from './harness';
import { countedService } from './counted-service';

type Body = { data: Record<string, unknown>[]; hasMore: boolean; page: number; pageSize: number; totalCount?: number };

/** A service whose feed answers are rewritten; mark-as answers as `markAs` says. */
function oddService(rewrite: (body: Body, url: URL) => Body, markAs?: () => Response) {
  /** Every id sent to mark-as. */
  const marked: string[] = [];
  // A v1 service's answers: the kit must cope with them as well as with v2's.
  const counted = countedService({
    api: 'v1',
    messages: 60,
    answer: async (request, service) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/mark-as')) {
        marked.push(...([] as string[]).concat(((await request.clone().json()) as { messageId: string | string[] }).messageId));
        return markAs?.();
      }
      if (!url.pathname.endsWith('/notifications/feed')) return undefined;
      const response = await service.handle(request);
      return response.ok ? Response.json(rewrite((await response.json()) as Body, url), { status: response.status }) : response;
    },
  });
  for (const message of counted.service.data.messages) Object.assign(message, { seen: false });
  return { client: counted.client, requests: counted.log, marked };
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
