import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { Inbox, InboxProvider } from 'inbox-kit';
import { prefetchInbox } from 'inbox-kit/server';
import 'inbox-kit/styles.css';
import type { ReactNode } from 'react';
import { serverClient, signedInUser } from '../lib/inbox';
import './globals.css';

export const metadata = { title: 'inbox-kit on Next.js' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const subscriberId = await signedInUser();
  // The badge count and the first page are in the first HTML.
  const queryClient = new QueryClient();
  await prefetchInbox(queryClient, { client: serverClient(), subscriberId });
  return (
    <html lang="en">
      <body>
        <InboxProvider baseUrl="/api/inbox" subscriberId={subscriberId}>
          <HydrationBoundary state={dehydrate(queryClient)}>
            <header className="topbar">
              <nav aria-label="Main">
                <a href="/">Home</a> <a href="/inbox">Inbox</a> <a href="/preferences">Preferences</a>
              </nav>
              <Inbox />
            </header>
            <main>{children}</main>
          </HydrationBoundary>
        </InboxProvider>
      </body>
    </html>
  );
}
