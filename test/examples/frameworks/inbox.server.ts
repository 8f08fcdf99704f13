// Your server module: the proxy, with your session (here a `user` cookie for the test).
import { createInboxProxy } from 'inbox-kit/server';

export const inboxProxy = createInboxProxy({
  authenticate: (request) => /(?:^|;\s*)user=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? null,
});
