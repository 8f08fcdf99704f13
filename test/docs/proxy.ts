// The proxy guide's examples (test/docs.test.ts: verbatim; proxy.test.ts: they work).
import { getSession, isAdmin } from './stand-ins';

// #region proxy
import { createInboxProxy } from 'inbox-kit/server';

export const inboxProxy = createInboxProxy({
  // upstream and apiKey default to INBOX_UPSTREAM_URL and INBOX_API_KEY, read at each request
  authenticate: async (request) => (await getSession(request))?.userId ?? null, // your session
  authorizeAdmin: async (request, subscriberId) => isAdmin(subscriberId), // optional
});
// #endregion

// #region node
import { createServer } from 'node:http';
import { toNodeListener } from 'inbox-kit/server';

// Node's own server: the proxy answers under /api/inbox.
export const server = createServer(toNodeListener(inboxProxy));
// #endregion
