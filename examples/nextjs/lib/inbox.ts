// Server-only: the API key and the service's URL never reach the browser.
import { cookies } from 'next/headers';
import { createInboxClient } from 'inbox-kit/client';
import { createInboxProxy } from 'inbox-kit/server';
import { createReferenceService, type ReferenceService } from 'inbox-kit/testing';
import { payloadSchema } from './payload-schema';

// Without INBOX_UPSTREAM_URL and INBOX_API_KEY, a built-in reference service runs in this process.
const store = globalThis as { inboxReference?: ReferenceService };
const reference = () => (store.inboxReference ??= createReferenceService({ publicBaseUrl: '/reference' }));
const deployed = () => Boolean(process.env.INBOX_UPSTREAM_URL);
const upstream = () => process.env.INBOX_UPSTREAM_URL || 'http://reference.internal';
const apiKey = () => (deployed() ? process.env.INBOX_API_KEY : reference().apiKey);
const send: typeof fetch = (input, init) => (deployed() ? fetch(input, init) : reference().handle(new Request(input, init)));

/** The signed-in user: here a `user` cookie; in your app, your session. */
function userOf(cookie: string | undefined): string {
  return /(?:^|;\s*)user=([^;]+)/.exec(cookie ?? '')?.[1] ?? 'sub_ada';
}

export async function signedInUser(): Promise<string> {
  return userOf((await cookies()).toString());
}

/** The route the browser talks to (app/api/inbox/[...path]/route.ts). Settings are read per request. */
export const inboxProxy = createInboxProxy({
  upstream,
  apiKey,
  fetch: send,
  authenticate: (request) => userOf(request.headers.get('cookie') ?? undefined),
  // Each notification's data is checked here, so the browser needs no schema (payloadSchema="proxy").
  payloadSchema,
});

/** For server-side prefetch: a client of the service itself, with the key, checking payloads as the proxy does. */
export function serverClient() {
  return createInboxClient({ baseUrl: upstream(), apiKey: apiKey(), fetch: send, payloadSchema });
}

/** The built-in service's avatars (app/reference/[...path]/route.ts). */
export const referenceAssets = (request: Request) => reference().handle(request);
