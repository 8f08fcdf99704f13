/** The README's real time examples: the proxy with the socket's settings, and an inbox with toasts and the title's count. */
import { getSession } from './stand-ins';

// #region proxy
import { createInboxProxy } from 'inbox-kit/server';

export const inboxProxy = createInboxProxy({
  authenticate: async (request) => (await getSession(request))?.userId ?? null,
  // Real time: your environment's public application identifier, and its socket (the EU's is
  // wss://eu.socket.novu.co; a self-hosted service's is its own ws URL). Defaults:
  // INBOX_APPLICATION_IDENTIFIER and INBOX_SOCKET_URL, read at each request, like upstream and apiKey.
  applicationIdentifier: process.env.NOVU_APPLICATION_IDENTIFIER,
  socketUrl: 'wss://socket.novu.co',
});
// #endregion

// #region inbox
import { Inbox, InboxProvider, type InboxNotification } from 'inbox-kit';

export function App({ userId, onArrival }: { userId: string; onArrival: (notification: InboxNotification) => void }) {
  return (
    // onNotification: once per new notification, in one tab of the app (a sound, analytics).
    <InboxProvider baseUrl="/api/inbox" subscriberId={userId} onNotification={onArrival}>
      <Inbox toasts titleBadge />
    </InboxProvider>
  );
}
// #endregion
