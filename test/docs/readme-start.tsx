// The README's first blocks (test/docs.test.ts: verbatim; readme-start.dom.test.tsx: they work).
// #region provider
import type { ReactNode } from 'react';
import { InboxProvider } from 'inbox-kit';
import 'inbox-kit/styles.css';

// Once, around your app: your /api/inbox route (see your framework's guide) and the signed-in user.
export function Providers({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={userId}>
      {children}
    </InboxProvider>
  );
}
// #endregion

// #region bell
import { Inbox } from 'inbox-kit';

// Anywhere inside it: the bell with its unread badge, which opens the inbox.
export function Header() {
  return (
    <header>
      <Inbox />
    </header>
  );
}
// #endregion
