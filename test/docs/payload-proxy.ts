// The typed-payload guide's proxy (test/docs.test.ts: verbatim; payload-provider.dom.test.tsx: it works).
import { getSession } from './stand-ins';

// #region proxy
import { createInboxProxy } from 'inbox-kit/server';
import { payloadSchema } from './payload-schema';

export const inboxProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  payloadSchema, // each feed page's payloads are checked here, on your server
});
// #endregion
