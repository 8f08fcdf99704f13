// The typed-payload guide's provider (test/docs.test.ts: verbatim; payload-provider.dom.test.tsx: it works).
// #region provider
import { Inbox, InboxProvider } from 'inbox-kit';

// A server component may render this: every prop is plain data.
export function Notifications({ userId }: { userId: string }) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={userId} payloadSchema="proxy">
      <Inbox variant="embedded" />
    </InboxProvider>
  );
}
// #endregion
