// Server-only (a `.server` module never reaches the browser): the API key and the service's URL stay here.
import { createInboxClient } from 'inbox-kit/client';
import { createInboxProxy } from 'inbox-kit/server';
import { createReferenceService } from 'inbox-kit/testing';

// Without INBOX_UPSTREAM_URL and INBOX_API_KEY, a built-in reference service runs in this process.
const reference = process.env.INBOX_UPSTREAM_URL ? undefined : createReferenceService({ publicBaseUrl: '/reference' });
const upstream = process.env.INBOX_UPSTREAM_URL || 'http://reference.internal';
const apiKey = reference ? reference.apiKey : process.env.INBOX_API_KEY;
const send: typeof fetch = (input, init) => (reference ? reference.handle(new Request(input, init)) : fetch(input, init));

/** The signed-in user: here a `user` cookie; in your app, your session. */
export function signedInUser(request: Request): string {
  return /(?:^|;\s*)user=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? 'sub_ada';
}

/** The route the browser talks to (app/routes/api.inbox.ts): it adds the key and pins every request to the user. */
export const inboxProxy = createInboxProxy({ upstream, apiKey, fetch: send, authenticate: signedInUser });

/** For the server-side prefetch (app/root.tsx): a client of the service itself, with the key. */
export const serverClient = createInboxClient({ baseUrl: upstream, apiKey, fetch: send });

/** The built-in service's avatars (app/routes/reference.ts). */
export const referenceAssets = (request: Request) => (reference ? reference.handle(request) : new Response('Not found', { status: 404 }));
