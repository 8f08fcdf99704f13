/**
 * `createInboxProxy` in front of a reference server, on a real port, at /api/inbox: the "session"
 * is the x-test-user header; admins also send `x-test-admin: yes`.
 */
import { createInboxProxy, type InboxProxyOptions } from 'inbox-kit/server';
import { setupListeners } from './listen';

export function setupProxies(ref: { readonly url: string; readonly service: { apiKey: string } }) {
  const listen = setupListeners();
  /** A proxy with these options over the defaults; returns its base URL (…/api/inbox). */
  return async function proxyFor(overrides: Partial<InboxProxyOptions> = {}): Promise<string> {
    const origin = await listen(
      createInboxProxy({
        upstream: ref.url,
        apiKey: ref.service.apiKey,
        authenticate: (request) => request.headers.get('x-test-user'),
        authorizeAdmin: (request) => request.headers.get('x-test-admin') === 'yes',
        basePath: '/api/inbox',
        ...overrides,
      }),
    );
    return `${origin}/api/inbox`;
  };
}
