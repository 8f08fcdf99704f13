/** Hooks under test against the reference service's MSW handlers. */
import { notifyManager, QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, beforeAll } from 'vitest';
import { InboxProvider, type InboxProviderProps } from 'inbox-kit';
import { createInboxClient, type InboxClient, type InboxClientOptions } from 'inbox-kit/client';
import { createInboxHandlers, DEFAULT_MOCK_BASE_URL } from 'inbox-kit/msw';
import { createInboxProxy, type InboxProxyOptions } from 'inbox-kit/server';
import { createReferenceService, type ReferenceService, type ReferenceServiceOptions } from 'inbox-kit/testing';

export const SUBSCRIBER = 'sub_ada';

/** One MSW server per test file; each mock service answers under its own base URL. */
export const server = setupServer();
let services = 0;
let listening = false;

export type MockService = ReferenceService & { baseUrl: string };

/** The form of the reference service the UI tests meet: deployed, unless the `dom-spec` project asks for the spec's. */
const MODE: ReferenceServiceOptions = process.env.INBOX_REFERENCE_MODE === 'spec' ? { mode: 'spec' } : {};

/** A reference service behind MSW for the test file; `reset()` it in a beforeEach. */
export function setupMockService(options: ReferenceServiceOptions = {}): MockService {
  const service = createReferenceService({ ...MODE, ...options });
  const baseUrl = services === 0 ? DEFAULT_MOCK_BASE_URL : `${DEFAULT_MOCK_BASE_URL}-${services}`;
  services++;
  server.use(...createInboxHandlers(service, { baseUrl }));
  if (!listening) {
    listening = true;
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => server.close());
  }
  return Object.assign(service, { baseUrl });
}

/** `service` behind a `createInboxProxy` route that signs everyone in as SUBSCRIBER (under MSW); returns the route's base URL. */
export function behindProxy(service: MockService, options: Partial<InboxProxyOptions> = {}): string {
  const base = `http://app.localhost/${service.baseUrl.split('/').at(-1)}/api/inbox`;
  const proxy = createInboxProxy({ upstream: service.baseUrl, apiKey: service.apiKey, authenticate: () => SUBSCRIBER, basePath: new URL(base).pathname, ...options });
  server.use(http.all(`${base}/*`, ({ request }) => proxy(request)));
  return base;
}

export function testClient(service: { apiKey: string; baseUrl?: string }, overrides: Partial<InboxClientOptions> = {}) {
  return createInboxClient({
    baseUrl: service.baseUrl ?? DEFAULT_MOCK_BASE_URL,
    apiKey: service.apiKey,
    dangerouslyAllowBrowser: true,
    retry: false,
    ...overrides,
  });
}

/** A wrapper with a fresh QueryClient (no retries, no garbage collection during a test). */
/** Provider settings a test may change; the connection is always a client. */
export type WrapperProps = Partial<Pick<InboxProviderProps, 'pollInterval' | 'seenBatchMs' | 'crossTab' | 'undoMs' | 'realtime' | 'onNotification' | 'socketIo'>> & {
  client?: InboxClient;
  /** A `createInboxProxy` route (`behindProxy`) instead of a client: the provider makes its own. */
  baseUrl?: string;
  /** With `baseUrl`: the route checks the payloads. */
  payloadSchema?: 'proxy';
  queryClient?: QueryClient;
};

export function inboxWrapper(service: { apiKey: string; baseUrl?: string }, props: WrapperProps = {}) {
  const queryClient = props.queryClient ?? new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const { baseUrl, client: given, payloadSchema, ...rest } = props;
  const client = given ?? testClient(service);
  function Wrapper({ children }: { children: ReactNode }) {
    const connection = baseUrl ? { baseUrl, payloadSchema } : { client };
    return (
      <InboxProvider subscriberId={SUBSCRIBER} queryClient={queryClient} pollInterval={false} crossTab={false} {...rest} {...connection}>
        {children}
      </InboxProvider>
    );
  }
  return { Wrapper, queryClient, client };
}

export function renderInboxHook<T, P = undefined>(
  hook: (props: P) => T,
  service: { apiKey: string; baseUrl?: string },
  options: { props?: WrapperProps; initialProps?: P } = {},
) {
  const { Wrapper, queryClient } = inboxWrapper(service, options.props);
  return { ...renderHook(hook, { wrapper: Wrapper, ...(options.initialProps === undefined ? {} : { initialProps: options.initialProps }) }), queryClient };
}

/** Waits until no query fetches and no mutation runs. */
export async function settle(queryClient: QueryClient): Promise<void> {
  await waitFor(() => {
    if (queryClient.isFetching() > 0 || queryClient.isMutating() > 0) throw new Error('still busy');
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await waitFor(() => {
    if (queryClient.isFetching() > 0 || queryClient.isMutating() > 0) throw new Error('still busy');
  });
  // TanStack Query tells components on a tick of its own, which may come after the answer: wait
  // for it, and for the render it causes, so `result.current` shows the settled state.
  await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
}

/** The subscriber's first 100 notifications as `service` holds them, under a v2 filter (a test's look at the truth). */
export async function heldBy(service: { apiKey: string; baseUrl?: string }, filter: { archived?: boolean; snoozed?: boolean } = {}) {
  return (await testClient(service).notifications.list({ subscriberId: SUBSCRIBER, limit: 100, ...filter })).data;
}
