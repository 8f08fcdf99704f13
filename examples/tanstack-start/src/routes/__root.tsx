import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query'
import { HeadContent, Link, Outlet, Scripts, createRootRoute } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { Inbox, InboxProvider } from 'inbox-kit'
import { prefetchInbox } from 'inbox-kit/server'
import inboxCss from 'inbox-kit/styles.css?url'
import { serverClient, signedInUser } from '../lib/inbox.server'
import appCss from '../styles.css?url'

// Runs on the server (from the browser, it is a request to it): the signed-in user, and their
// badge count and first page, fetched with the key and dehydrated for the browser's cache.
// Start's types cannot check a dehydrated cache (its data is `unknown`); at run time it is the
// service's parsed JSON, which Start serializes, so only the type check of the output is off.
const loadInbox = createServerFn({ method: 'GET', strict: { output: false } }).handler(async () => {
  const subscriberId = signedInUser()
  const queryClient = new QueryClient()
  await prefetchInbox(queryClient, { client: serverClient(), subscriberId })
  return { subscriberId, dehydratedState: dehydrate(queryClient) }
})

export const Route = createRootRoute({
  loader: () => loadInbox(),
  // Once per page load: from then on the inbox keeps itself fresh in the browser.
  staleTime: Infinity,
  head: () => ({
    meta: [
      {
        charSet: 'utf-8',
      },
      {
        name: 'viewport',
        content: 'width=device-width, initial-scale=1',
      },
      {
        title: 'inbox-kit on TanStack Start',
      },
    ],
    links: [
      { rel: 'stylesheet', href: inboxCss },
      { rel: 'stylesheet', href: appCss },
      // The blank app has no icon: an empty one, so the browser asks for no /favicon.ico (a 404).
      { rel: 'icon', href: 'data:,' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
})

function RootDocument({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

function RootLayout() {
  const { subscriberId, dehydratedState } = Route.useLoaderData()
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={subscriberId}>
      <HydrationBoundary state={dehydratedState}>
        <header className="topbar">
          <nav aria-label="Main">
            <Link to="/">Home</Link>
            <Link to="/preferences">Preferences</Link>
          </nav>
          <Inbox />
        </header>
        <Outlet />
      </HydrationBoundary>
    </InboxProvider>
  )
}
