/**
 * For jsdom tests of code written as an app writes it (`baseUrl="/api/inbox"`): the app's route,
 * a `createInboxProxy` signed in as one user, on the page's own origin through MSW, in front of a
 * reference service. Returns the service, to reset and assert against; `onRequest` sees what the
 * browser sent, `proxy` adds to the proxy's options.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createInboxProxy, type InboxProxyOptions } from 'inbox-kit/server';
import { createReferenceService, type ReferenceService } from 'inbox-kit/testing';

export function serveProxyAt(basePath: string, subscriberId: string, options: { onRequest?: (request: Request) => void; proxy?: Partial<InboxProxyOptions> } = {}): ReferenceService {
  const service = createReferenceService();
  const proxy = createInboxProxy({
    upstream: 'http://reference.test',
    apiKey: service.apiKey,
    basePath,
    authenticate: () => subscriberId,
    fetch: async (input, init) => service.handle(new Request(input, init)),
    ...options.proxy,
  });
  const server = setupServer(http.all(new URL(`${basePath}/*`, location.href).href, ({ request }) => {
    options.onRequest?.(request);
    return proxy(request);
  }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  return service;
}
