/**
 * The Next.js way: prefetch on the server with a client that holds the API key, send the cache
 * with dehydrate / HydrationBoundary, and the first HTML already has the badge count and the first
 * page. The browser hydrates it without a mismatch and then talks to the proxy route.
 */
import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Inbox, InboxProvider } from 'inbox-kit';
import { createInboxProxy, prefetchInbox } from 'inbox-kit/server';
import { V2 } from './helpers/dialect';
import { server, setupMockService, SUBSCRIBER, testClient } from './helpers/inbox';

const service = setupMockService();
beforeEach(() => {
  service.reset();
  // The app's proxy route on the page's origin, in front of the mock service.
  const proxy = createInboxProxy({
    upstream: 'http://service.internal',
    apiKey: service.apiKey,
    fetch: async (input, init) => service.handle(new Request(input, init)),
    authenticate: () => SUBSCRIBER,
    basePath: '/api/inbox',
  });
  server.use(http.all(`${location.origin}/api/inbox/*`, ({ request }) => proxy(request)));
});
afterEach(() => document.body.replaceChildren());

/** The app's own QueryClientProvider around the inbox. */
function WithAppQueryClient({ queryClient, state }: { queryClient: QueryClient; state: DehydratedState }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={state}>
        <InboxProvider baseUrl="/api/inbox" subscriberId={SUBSCRIBER} pollInterval={false} crossTab={false}>
          <Inbox toasts />
          <Inbox variant="embedded" />
        </InboxProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

/** The README's Next.js layout: no QueryClientProvider; the provider's own client takes the state. */
function WithProviderQueryClient({ state }: { queryClient: QueryClient; state: DehydratedState }) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={SUBSCRIBER} pollInterval={false} crossTab={false}>
      <HydrationBoundary state={state}>
        <Inbox toasts />
        <Inbox variant="embedded" toasts />
      </HydrationBoundary>
    </InboxProvider>
  );
}

it.each([
  ['with the app’s QueryClientProvider', WithAppQueryClient],
  ['with the provider’s own QueryClient', WithProviderQueryClient],
])('%s: the first HTML has the badge count and the first page; hydration matches; then the browser fetches only what it lacks, through the proxy', async (_, App) => {
  // Server: a client with the service's URL and key (in a real app, on the server only).
  const serverQueryClient = new QueryClient();
  await prefetchInbox(serverQueryClient, { client: testClient(service), subscriberId: SUBSCRIBER, baseUrl: '/api/inbox' });
  // Through JSON, as it crosses from server to browser.
  const state = JSON.parse(JSON.stringify(dehydrate(serverQueryClient))) as DehydratedState;
  const html = renderToString(<App queryClient={new QueryClient()} state={state} />);
  const unread = service.feedOf(SUBSCRIBER, { read: false }).length;
  const first = service.feedOf(SUBSCRIBER)[0];
  expect(html).toContain(`${unread} unread`);
  expect(html).toContain((first?.subject ?? first?.content ?? '').replace(/&/g, '&amp;').slice(0, 20));

  // Browser: the same HTML, hydrated with the same state.
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  const requestsBefore = service.requests.length;
  await act(async () => {
    hydrateRoot(container, <App queryClient={new QueryClient()} state={state} />, { onRecoverableError: (error) => errors.push(error) });
  });
  await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(5));
  consoleError.mockRestore();
  expect(errors).toEqual([]);
  // Relative times are written once the page is the browser's.
  await waitFor(() => expect(container.querySelector('time')?.textContent).not.toBe(''));
  // Fresh on arrival: what the server sent is not fetched again.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(service.requests.slice(requestsBefore)).toEqual([]);
  // What the browser fetches goes through the proxy route: the next page.
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(service.requests.slice(requestsBefore).map((r) => `${r.method} ${r.path}`)).toEqual([V2 ? `GET /v2/subscribers/${SUBSCRIBER}/notifications` : `GET /v1/subscribers/${SUBSCRIBER}/notifications/feed`]));
});
