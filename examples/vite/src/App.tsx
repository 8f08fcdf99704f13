import { Inbox, InboxProvider, PreferencesPanel } from 'inbox-kit';
import 'inbox-kit/styles.css';
import { signedInUser } from './user.ts';

export default function App() {
  return (
    // Your backend route (server/inbox-api.js) and the signed-in user.
    <InboxProvider baseUrl="/api/inbox" subscriberId={signedInUser()}>
      <header className="topbar">
        <strong>Acme</strong>
        <Inbox />
      </header>
      <main>
        <h1>Notification settings</h1>
        <PreferencesPanel hideTitle />
      </main>
    </InboxProvider>
  );
}
