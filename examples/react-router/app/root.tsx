import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { Inbox, InboxProvider } from 'inbox-kit';
import { prefetchInbox } from 'inbox-kit/server';
import 'inbox-kit/styles.css';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import { serverClient, signedInUser } from './inbox.server';
import './app.css';

export const meta: Route.MetaFunction = () => [{ title: 'inbox-kit on React Router' }];

// The badge count and the first page, fetched on the server so that they are in the first HTML.
export async function loader({ request }: Route.LoaderArgs) {
  const subscriberId = signedInUser(request);
  const queryClient = new QueryClient();
  await prefetchInbox(queryClient, { client: serverClient, subscriberId });
  return { subscriberId, inbox: dehydrate(queryClient) };
}

// The browser keeps the inbox current after the first HTML, so a navigation does not fetch it again on
// the server; a form submission (signing in, say) runs the loader again as usual.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={loaderData.subscriberId}>
      <HydrationBoundary state={loaderData.inbox}>
        <header className="topbar">
          <nav aria-label="Main">
            <NavLink to="/" end>Home</NavLink>
            <NavLink to="/inbox">Inbox</NavLink>
            <NavLink to="/preferences">Preferences</NavLink>
          </nav>
          <Inbox />
        </header>
        <Outlet />
      </HydrationBoundary>
    </InboxProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{notFound ? 'The requested page could not be found.' : 'An unexpected error occurred.'}</p>
    </main>
  );
}
