/**
 * Whatever the service answers, the open inbox never loops: repeated identical pages end paging,
 * duplicate ids show once, invalid items are left out, skipped ids are not re-sent. Each odd
 * service below drives an open inbox for 10 seconds, and the requests are counted.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { Inbox, InboxProvider } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import { createReferenceService } from 'inbox-kit/testing';
import { BASE } from './harness';

type Body = { data: Record<string, unknown>[]; hasMore: boolean; page: number; pageSize: number; totalCount?: number };

/** A service whose feed answers are rewritten; mark-as answers as `markAs` says. */
function oddService(rewrite: (body: Body, url: URL) => Body, markAs?: () => Response) {
  const service = createReferenceService({ now: Date.now(), messages: 60 });
  for (const message of service.data.messages) Object.assign(message, { seen: false });
  const requests: string[] = [];
  const client = createInboxClient({
    baseUrl: BASE,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: false,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname.split('/').slice(-2).join('/')}${url.search}`);
      if (markAs && url.pathname.endsWith('/mark-as')) return markAs();
      const response = await service.handle(request);
      if (!url.pathname.endsWith('/notifications/feed') || !response.ok) return response;
      return Response.json(rewrite((await response.json()) as Body, url), { status: response.status });
    },
  });
  return { client, requests };
}

const ODD: [string, ReturnType<typeof oddService>][] = [];
let roots: { root: Root; host: HTMLElement }[] = [];
afterEach(() => {
  for (const { root, host } of roots) {
    root.unmount();
    host.remove();
  }
  roots = [];
});

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
  for (const [, { client }] of ODD) {
    const host = document.createElement('div');
    host.style.cssText = 'height: 400px; overflow: auto';
    document.body.append(host);
    const root = createRoot(host);
    roots.push({ root, host });
    root.render(
      <InboxProvider client={client} subscriberId="sub_ada" queryClient={new QueryClient()} pollInterval={false} crossTab={false}>
        <Inbox variant="embedded" />
      </InboxProvider>,
    );
  }
  // Scroll each to its end now and then, as a reader would: a list that never ends would page for ever.
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    for (const { host } of roots) {
      const scroll = host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]');
      if (scroll) scroll.scrollTop = scroll.scrollHeight;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const counts = ODD.map(([name, { requests }]) => `${requests.length} ${name}`);
  console.log(`requests in 10 s, per odd service:\n${counts.join('\n')}`);
  for (const [name, { requests }] of ODD) expect(requests.length, `${name}:\n${requests.join('\n')}`).toBeLessThanOrEqual(12);
  // Duplicates show once.
  const shown = [...(roots[2]?.host.querySelectorAll('[data-inbox-slot="item"]') ?? [])].map((item) => item.getAttribute('aria-labelledby'));
  expect(new Set(shown).size).toBe(shown.length);
});
