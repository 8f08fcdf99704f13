import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Inbox, InboxProvider, PreferencesPanel } from 'inbox-kit';
import 'inbox-kit/styles.css';
import './app.css';
import { userOf } from '../user.mjs';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Your backend route (inbox-api.mjs) and the signed-in user. */}
    <InboxProvider baseUrl="/api/inbox" subscriberId={userOf(document.cookie)}>
      <header>
        <strong>Acme</strong>
        <Inbox />
      </header>
      <main>
        <h1>Notification settings</h1>
        <PreferencesPanel hideTitle />
      </main>
    </InboxProvider>
  </StrictMode>,
);
