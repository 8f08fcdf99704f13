// @vitest-environment node
/**
 * Every part, and every prop of `<Inbox>` and of `<InboxProvider>`, renders on the server as a
 * framework renders a layout: with `renderToString`, and streamed with Suspense
 * (`renderToReadableStream` as Next.js does, `renderToPipeableStream`). The parts that load lazily in
 * the browser (the toasts, the title's count, the desktop switch) render only once the page is
 * hydrated, so a server renders nothing of them and never loads their chunk. No error, no boundary
 * left for the browser to render again (React's error 419 there), no request.
 *
 * The cases are keyed by the props' own types: a prop added to either without a case here fails tsc.
 */
import { Writable } from 'node:stream';
import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import type { HTMLAttributes, ReactNode } from 'react';
import { renderToPipeableStream, renderToReadableStream, renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { Inbox, InboxProvider, NotificationItem, PreferencesPanel, type InboxProps, type InboxProviderProps, type InboxTab } from 'inbox-kit';
import { createInboxClient } from 'inbox-kit/client';
import { prefetchInbox } from 'inbox-kit/server';
import { createReferenceService } from 'inbox-kit/testing';

const SUBSCRIBER = 'sub_ada';
const service = createReferenceService({ now: Date.parse('2026-11-20T12:00:00.000Z') });
/** The service's own client, as a server component holds it (the key stays on the server). */
const serviceClient = createInboxClient({ baseUrl: 'https://service.test', apiKey: service.apiKey, retry: false, fetch: async (input, init) => service.handle(new Request(input, init)) });

/** The first page and counts, prefetched on the server and sent with the HTML (the README's Next.js layout). */
let state: DehydratedState;
beforeAll(async () => {
  const queryClient = new QueryClient();
  await prefetchInbox(queryClient, { client: serviceClient, subscriberId: SUBSCRIBER, preferences: true });
  state = JSON.parse(JSON.stringify(dehydrate(queryClient)));
});

/** Props of a component of its own, not the HTML attributes it passes on to its element. */
type OwnProps<Props, Element> = Exclude<keyof Props, Exclude<keyof HTMLAttributes<Element>, 'dir' | 'children'>>;
/** Every prop of every form of a union of props (`baseUrl` or `client`). */
type KeysOf<T> = T extends unknown ? keyof T : never;

const tabs: InboxTab[] = [{ id: 'mentions', label: 'Mentions', filter: { tags: ['mention'] } }];
const noop = () => undefined;

/** Each of `<Inbox>`'s props, with the values that change what it renders. */
const inboxCases = {
  variant: [{ variant: 'popover' }, { variant: 'embedded' }],
  theme: [{ theme: { colors: { primary: '#0a7f5a', background: '#fff', high: '#b00' } } }],
  colorScheme: [{ colorScheme: 'inherit' }, { colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'system' }],
  labels: [{ labels: { title: 'Mitteilungen', bell: (count) => `Mitteilungen ${count}` } }],
  locale: [{ locale: 'de' }],
  dir: [{ dir: 'rtl' }],
  classNames: [{ classNames: { root: 'r', bell: 'b', popover: 'p', feed: 'f', item: 'i', tabs: 't', tab: 'tt', header: 'h', empty: 'e' } }],
  open: [{ open: true }, { open: false }],
  defaultOpen: [{ defaultOpen: true }, { defaultOpen: false }],
  onOpenChange: [{ onOpenChange: noop }],
  filter: [{ filter: 'unread' }, { filter: 'archived' }, { filter: 'snoozed' }, { filter: 'mentions', tabs }],
  defaultFilter: [{ defaultFilter: 'unread' }],
  onFilterChange: [{ onFilterChange: noop }],
  tabs: [{ tabs }],
  markReadOnClick: [{ markReadOnClick: false }],
  renderItem: [{ renderItem: (n, index) => <p data-testid="custom-row">{`${index}: ${n.subject ?? ''}`}</p> }, { renderItem: (n) => <NotificationItem notification={n} /> }],
  renderEmpty: [{ renderEmpty: (tab) => <p>{`Nothing in ${tab.label}`}</p>, filter: 'mentions', tabs }],
  renderAvatar: [{ renderAvatar: (n) => <span>{n.id.slice(0, 2)}</span> }],
  onNotificationClick: [{ onNotificationClick: noop }],
  onActionClick: [{ onActionClick: noop }],
  onNavigate: [{ onNavigate: noop }],
  badge: [{ badge: 'unread' }, { badge: 'unseen' }],
  headingLevel: [{ headingLevel: 3 }, { headingLevel: 4 }],
  hideTitle: [{ hideTitle: true }],
  children: [{ children: <Inbox.Feed pageSize={5} /> }],
  toasts: [{ toasts: true }, { toasts: { placement: 'top-start', durationMs: 1_000 } }],
  titleBadge: [{ titleBadge: true }],
  // Passed on to the root element.
  className: [{ className: 'app-inbox' }],
  style: [{ style: { maxWidth: 400 } }],
  id: [{ id: 'inbox' }],
} satisfies Record<OwnProps<InboxProps, HTMLDivElement>, readonly InboxProps[]> & Partial<Record<keyof InboxProps, readonly InboxProps[]>>;

/** Everything the kit renders: every form of `<Inbox>`, its parts composed, and the preferences. */
function Everything() {
  return (
    <>
      <Inbox toasts titleBadge defaultOpen />
      <Inbox variant="embedded" toasts={{ placement: 'top-end' }} />
      <PreferencesPanel />
    </>
  );
}

/** Each part of `Inbox`, in a root. */
const parts = {
  Root: <Inbox.Root variant="embedded" />,
  Bell: (
    <Inbox.Root>
      <Inbox.Bell />
    </Inbox.Root>
  ),
  Popover: (
    <Inbox.Root defaultOpen>
      <Inbox.Bell />
      <Inbox.Popover>
        <Inbox.Panel />
      </Inbox.Popover>
    </Inbox.Root>
  ),
  Header: (
    <Inbox.Root variant="embedded">
      <Inbox.Header />
    </Inbox.Root>
  ),
  Tabs: (
    <Inbox.Root variant="embedded" tabs={tabs}>
      <Inbox.Tabs />
    </Inbox.Root>
  ),
  Feed: (
    <Inbox.Root variant="embedded">
      <Inbox.Feed />
    </Inbox.Root>
  ),
  Panel: (
    <Inbox.Root variant="embedded">
      <Inbox.Panel />
    </Inbox.Root>
  ),
  Toaster: (
    <Inbox.Root>
      <Inbox.Toaster placement="top-start" durationMs={2_000} />
      <Inbox.Bell />
    </Inbox.Root>
  ),
} satisfies Record<keyof typeof Inbox, ReactNode>;

const connection = { baseUrl: '/api/inbox', subscriberId: SUBSCRIBER } as const;
/** socket.io's `io`, never called while rendering. */
const io: NonNullable<InboxProviderProps['socketIo']> = () => ({ on: noop, disconnect: noop });

/** Each of `<InboxProvider>`'s props (children aside: each case holds `Everything`). */
const providerCases = {
  baseUrl: [connection, { ...connection, baseUrl: 'https://app.test/api/inbox' }],
  client: [{ client: serviceClient, subscriberId: SUBSCRIBER }],
  headers: [{ ...connection, headers: { Authorization: 'Bearer t' } }, { ...connection, headers: async () => ({ Authorization: 'Bearer t' }) }],
  payloadSchema: [{ ...connection, payloadSchema: z.looseObject({}) }, { ...connection, payloadSchema: 'proxy' }],
  subscriberId: [{ ...connection, subscriberId: 'sub_grace' }],
  queryClient: [{ ...connection, queryClient: new QueryClient() }],
  pollInterval: [{ ...connection, pollInterval: false }, { ...connection, pollInterval: 5_000 }],
  seenBatchMs: [{ ...connection, seenBatchMs: 50 }],
  undoMs: [{ ...connection, undoMs: 1_000 }],
  crossTab: [{ ...connection, crossTab: false }, { ...connection, crossTab: true }],
  realtime: [{ ...connection, realtime: false }, { ...connection, realtime: true }],
  onNotification: [{ ...connection, onNotification: noop }],
  socketIo: [{ ...connection, socketIo: io }],
  children: [{ ...connection, children: <Everything /> }],
} satisfies Record<KeysOf<InboxProviderProps>, readonly InboxProviderProps[]>;

/** `children` in the provider, with the server's prefetched cache (`queryClient`: in that client). */
function App({ props, children }: { props: InboxProviderProps; children: ReactNode }) {
  const app = (
    <InboxProvider {...props}>
      <HydrationBoundary state={state}>{children}</HydrationBoundary>
    </InboxProvider>
  );
  // An app that gives the provider its QueryClient provides it to the page too.
  return props.queryClient ? <QueryClientProvider client={props.queryClient}>{app}</QueryClientProvider> : app;
}

/** What each way of rendering on the server gives: the HTML, and every error it met. */
const renderers = {
  async readableStream(element: ReactNode) {
    const errors: unknown[] = [];
    const stream = await renderToReadableStream(element, { onError: (error) => void errors.push(error) });
    await stream.allReady;
    return { html: await new Response(stream).text(), errors };
  },
  pipeableStream(element: ReactNode) {
    return new Promise<{ html: string; errors: unknown[] }>((resolve, reject) => {
      const errors: unknown[] = [];
      let html = '';
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          html += chunk.toString();
          done();
        },
        final(done) {
          resolve({ html, errors });
          done();
        },
      });
      const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject, onError: (error) => void errors.push(error) });
    });
  },
  // The one that cannot wait for Suspense: a boundary it met would be left to the browser (the lazy
  // parts never render here, so it meets none).
  string(element: ReactNode) {
    const errors: unknown[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    try {
      return { html: renderToString(element), errors };
    } finally {
      logged.mockRestore();
    }
  },
};

let requests = 0;
vi.stubGlobal('fetch', () => {
  requests++;
  return Promise.reject(new Error('no request while rendering on the server'));
});
afterEach(() => expect(requests).toBe(0));

/** Renders `element` every way; each gives HTML with no error and no boundary left to the browser. */
async function renderedEveryWay(element: ReactNode): Promise<string[]> {
  const pages: string[] = [];
  for (const [way, render] of Object.entries(renderers)) {
    const { html, errors } = await render(element);
    expect(errors, way).toEqual([]);
    // `<!--$!-->`: a Suspense boundary the server gave up on (the browser then logs React's error 419).
    expect(html, way).not.toContain('<!--$!-->');
    expect(html, way).toContain('data-inbox-root');
    pages.push(html);
  }
  return pages;
}

describe('renders on the server, as a framework renders a layout', () => {
  it.each(Object.entries(inboxCases).flatMap(([prop, cases]) => cases.map((props, index) => [`<Inbox ${prop}> #${index + 1}`, prop, props] as const)))('%s', async (_, prop, props) => {
    expect(Object.keys(props)).toContain(prop);
    const pages = await renderedEveryWay(
      <App props={connection}>
        <Inbox defaultOpen {...props} />
      </App>,
    );
    // The popover or panel is open on the first tab: the rows the server prefetched are in the HTML.
    const closed = ('open' in props && props.open === false) || ('defaultOpen' in props && props.defaultOpen === false);
    const listed = !closed && !('filter' in props) && !('defaultFilter' in props) && !('children' in props) && !('renderEmpty' in props);
    if (listed) for (const html of pages) expect(html).toContain('role="feed"');
  });

  it.each(Object.entries(providerCases).flatMap(([prop, cases]) => cases.map((props, index) => [`<InboxProvider ${prop}> #${index + 1}`, prop, props] as const)))('%s', async (_, prop, props) => {
    expect(Object.keys(props)).toContain(prop);
    await renderedEveryWay(<App props={props}>{'children' in props ? props.children : <Everything />}</App>);
  });

  it.each(Object.entries(parts))('Inbox.%s', async (name, part) => {
    const pages = await renderedEveryWay(<App props={connection}>{part}</App>);
    if (['Popover', 'Feed', 'Panel'].includes(name)) for (const html of pages) expect(html).toContain('role="feed"');
  });
});
