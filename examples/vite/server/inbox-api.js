/**
 * The app's /api/inbox route, shared by the Vite dev server (vite.config.ts) and server.js.
 * The proxy adds the API key on the server and pins every request to the signed-in user.
 * With INBOX_UPSTREAM_URL and INBOX_API_KEY set it talks to that service; otherwise to the
 * built-in reference service, in this process (its avatars served under /api/inbox/service).
 */
import { createInboxProxy, toNodeListener } from 'inbox-kit/server';
import { createReferenceService } from 'inbox-kit/testing';

const service = process.env.INBOX_UPSTREAM_URL ? undefined : createReferenceService({ publicBaseUrl: '/api/inbox/service' });

/** The signed-in user: here a `user` cookie (default `sub_ada`); in your app, your session. */
const userOf = (/** @type {Request} */ request) => /(?:^|;\s*)user=([\w.@-]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? 'sub_ada';

const proxy = createInboxProxy({
  // Unset, upstream and apiKey are read from INBOX_UPSTREAM_URL and INBOX_API_KEY at each request.
  ...(service && {
    upstream: 'http://reference-service.internal',
    apiKey: service.apiKey,
    fetch: (url, init) => service.handle(new Request(url, init)),
  }),
  authenticate: userOf,
});

const isAvatar = (/** @type {Request} */ request) => request.method === 'GET' && /\/service\/avatars\/[\w-]+\.svg$/.test(new URL(request.url).pathname);

/** A Node `(req, res)` listener: mount it at /api/inbox. */
export const inboxApi = toNodeListener((request) => (service && isAvatar(request) ? service.handle(request) : proxy(request)));
