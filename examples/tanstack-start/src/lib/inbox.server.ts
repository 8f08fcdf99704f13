// Server-only (the `.server.ts` name makes TanStack Start refuse it in the browser's bundle):
// the API key and the service's URL never reach the browser.
import { getRequestHeader } from '@tanstack/react-start/server'
import { createInboxClient } from 'inbox-kit/client'
import { createInboxProxy } from 'inbox-kit/server'
import { createReferenceService, type ReferenceService } from 'inbox-kit/testing'

// Without INBOX_UPSTREAM_URL and INBOX_API_KEY, a built-in reference service runs in this process.
const store = globalThis as { inboxReference?: ReferenceService }
const reference = () => (store.inboxReference ??= createReferenceService({ publicBaseUrl: '/reference' }))
const deployed = () => Boolean(process.env.INBOX_UPSTREAM_URL)
const upstream = () => process.env.INBOX_UPSTREAM_URL || 'http://reference.internal'
const apiKey = () => (deployed() ? process.env.INBOX_API_KEY : reference().apiKey)
const send: typeof fetch = (input, init) => (deployed() ? fetch(input, init) : reference().handle(new Request(input, init)))

/** The signed-in user: here a `user` cookie; in your app, your session. */
function userOf(cookie: string | undefined): string {
  return /(?:^|;\s*)user=([^;]+)/.exec(cookie ?? '')?.[1] ?? 'sub_ada'
}

/** The signed-in user of the request being handled (in a server function or a server route). */
export function signedInUser(): string {
  return userOf(getRequestHeader('cookie'))
}

/** The route the browser talks to (src/routes/api/inbox/$.ts). Settings are read per request. */
export const inboxProxy = createInboxProxy({
  upstream,
  apiKey,
  fetch: send,
  authenticate: (request) => userOf(request.headers.get('cookie') ?? undefined),
})

/** For server-side prefetch: a client of the service itself, with the key. */
export function serverClient() {
  return createInboxClient({ baseUrl: upstream(), apiKey: apiKey(), fetch: send })
}

/** The built-in service's avatars (src/routes/reference/$.ts). */
export const referenceAssets = (request: Request) => reference().handle(request)
