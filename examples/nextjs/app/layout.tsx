import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { Inbox, InboxProvider } from 'inbox-kit';
import { prefetchInbox } from 'inbox-kit/server';
import 'inbox-kit/styles.css';
import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { serverClient, signedInUser } from '../lib/inbox';
import './globals.css';

export const metadata: Metadata = { title: 'inbox-kit on Next.js' };

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en" className="h-full antialiased">
      <body className="min-h-full flex flex-col">
        {/* The user's inbox depends on the request (its cookie), so it renders inside Suspense. */}
        <Suspense>
          <WithInbox>{children}</WithInbox>
        </Suspense>
      </body>
    </html>
  );
}

async function WithInbox({ children }: { children: ReactNode }) {
  // At request time only (the prefetch is the user's own data; TanStack Query stamps it with the time).
  await connection();
  const subscriberId = await signedInUser();
  // The badge count and the first page are in the first HTML.
  const queryClient = new QueryClient();
  await prefetchInbox(queryClient, { client: serverClient(), subscriberId });
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={subscriberId} payloadSchema="proxy">
      <HydrationBoundary state={dehydrate(queryClient)}>
        <header className="topbar">
          <nav aria-label="Main">
            <Link href="/">Home</Link>
            <Link href="/inbox">Inbox</Link>
            <Link href="/preferences">Preferences</Link>
          </nav>
          <Inbox />
        </header>
        {children}
      </HydrationBoundary>
    </InboxProvider>
  );
}
