'use client';
// A schema cannot be passed from a server component to a client one, so the provider gets it
// here, in a client module; server layouts render <AppInboxProvider> with plain props.
import { InboxProvider } from 'inbox-kit';
import type { ReactNode } from 'react';
import { payloadSchema } from '../lib/payload-schema';

export function AppInboxProvider({ subscriberId, children }: { subscriberId: string; children: ReactNode }) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={subscriberId} payloadSchema={payloadSchema}>
      {children}
    </InboxProvider>
  );
}
